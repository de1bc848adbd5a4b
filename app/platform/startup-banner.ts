const MAKE_ADMIN = "npm run admin:create -- --username admin";
const MAKE_ADMIN_IN_DOCKER = "docker exec -it northwall node build/admin-create.js --username admin";

/**
 * What a person starting the site at a terminal reads (a log collector gets the JSON lines only): where
 * the site and its admin are, and, while nobody can sign in, the one command that makes an account.
 */
export function startupBanner(
  address: string,
  { production, hasStaff }: { production: boolean; hasStaff: boolean },
) {
  return [
    "",
    `  Northwall Digital is running${production ? "" : " (development)"}`,
    "",
    `  Site    ${address}`,
    `  Admin   ${address}/admin`,
    ...(hasStaff
      ? []
      : [
          "",
          "  No admin account yet. Make one (it asks for your name, e-mail and a password):",
          `    ${MAKE_ADMIN}`,
        ]),
    "",
  ].join("\n");
}

/** The same instruction as one log line, for a start without a terminal (Docker's logs, a service manager). */
export function firstAdminHint(address: string) {
  return (
    `No admin account yet: make one with \`${MAKE_ADMIN}\` (in Docker: \`${MAKE_ADMIN_IN_DOCKER}\`), ` +
    `or start once with ADMIN_USERNAME and ADMIN_PASSWORD set; then sign in at ${address}/admin/login`
  );
}
