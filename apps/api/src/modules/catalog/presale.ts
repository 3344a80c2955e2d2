/** Who asks for a preorder model (decision 052): the caller's roles from the token and their account. */
export interface PresaleViewer {
  roles: readonly string[];
  /** The administrator acting as this customer (impersonation), if any. */
  impersonatorId?: string | null | undefined;
  email: string;
  emailConfirmed: boolean;
  whitelistedPresales: boolean;
}

/**
 * Spec section 6: administrators (acting for themselves or as the customer), users flagged `whitelistedPresales`, and
 * confirmed addresses on the internal list (`WHITELIST_EMAILS`) or on the model's own invitations see a preorder model.
 * An address nobody confirmed grants nothing: anybody could sign up with it.
 */
export function maySeePresale(
  viewer: PresaleViewer | null,
  internal: readonly string[],
  invited: readonly string[],
): boolean {
  if (!viewer) return false;
  if (viewer.roles.includes('admin') || viewer.impersonatorId) return true;
  if (viewer.whitelistedPresales) return true;
  const email = viewer.email.toLowerCase();
  return viewer.emailConfirmed && (internal.includes(email) || invited.includes(email));
}
