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
          "  No admin account yet. Make one (it asks for a password):",
          "    npm run admin:create -- --username admin",
        ]),
    "",
  ].join("\n");
}
