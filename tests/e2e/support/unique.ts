/** A short value no other test run or worker will use, for titles, slugs and e-mail addresses. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
