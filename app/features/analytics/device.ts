/** "Chrome on macOS" from a User-Agent: enough for the admin to recognise a session, no more. */
export function describeDevice(userAgent: string): string {
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\//, "Opera"],
      [/Firefox\//, "Firefox"],
      [/Chrome\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "A browser";
  const system =
    [
      [/iPhone|iPad/, "iOS"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (!userAgent) return "Unknown device";
  return system ? `${browser as string} on ${system as string}` : (browser as string);
}
