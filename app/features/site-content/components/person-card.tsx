import type { TeamMember } from "#db/schema";

import { Avatar } from "./avatar";

/** The person as the about page shows them ("The People You Will Work With"). */
export function PersonCard({
  person,
}: {
  person: Pick<TeamMember, "name" | "role" | "bio" | "photo" | "highlights">;
}) {
  return (
    <div className="flex h-full flex-col rounded-2xl border border-border bg-card p-6">
      <Avatar name={person.name} src={person.photo} size={72} />
      <h3 className="mt-4 text-xl font-semibold">{person.name}</h3>
      <p className="text-sm font-medium text-secondary">{person.role}</p>
      {person.bio && <p className="mt-3 flex-1 text-sm text-muted">{person.bio}</p>}
      {person.highlights.length > 0 && (
        <ul className="mt-4 grid gap-1 text-sm">
          {person.highlights.map((highlight, index) => (
            <li key={index} className="flex gap-2">
              <span aria-hidden="true" className="text-secondary">
                ✓
              </span>
              {highlight}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The team they lead, as the about page shows it ("Our Teams"). */
export function TeamCard({ person }: { person: Pick<TeamMember, "name" | "role" | "team" | "teamSummary"> }) {
  return (
    <div className="h-full rounded-2xl border border-border bg-card p-6">
      <h3 className="text-lg font-semibold">{person.team}</h3>
      <p className="mt-1 text-sm">
        <span className="font-medium text-secondary">{person.name}</span>
        <span className="text-muted">, {person.role}</span>
      </p>
      {person.teamSummary && <p className="mt-3 text-sm text-muted">{person.teamSummary}</p>}
    </div>
  );
}
