/** Who made a back-office change of the store, for its audit entry (the admin guard ran before). */
export const adminActor = (request: { auth?: { userId: string } | null; ip: string }) => ({
  // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
  userId: request.auth!.userId,
  ip: request.ip,
});
