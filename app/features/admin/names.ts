/** A member of staff as the admin names them. */
type Named = { name: string; username: string };

/** Their display name, else their username. */
export const displayName = ({ name, username }: Named) => name.trim() || username;

/** How the admin home greets them: the first word of their display name, else their username. */
export const greetingName = ({ name, username }: Named) => name.trim().split(/\s+/)[0] || username;
