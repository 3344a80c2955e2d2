// Spec section 5: an internal link starts with one slash and holds only letters, digits and @ - % _ ~ /,
// plus an optional query and hash. Anything else (`//host`, `/\host`, `javascript:`) is refused: no open redirect.
const INTERNAL_LINK = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[^\s#\\]*)?(#[^\s\\]*)?$/;

export function isInternalLink(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && INTERNAL_LINK.test(value);
}

/** The link when it is internal, else the fallback. */
export function safeInternalLink(value: unknown, fallback = '/'): string {
  return isInternalLink(value) ? value : fallback;
}
