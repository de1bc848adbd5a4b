import { Form } from "react-router";

import { Field, inputClass } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** The name on your posts, and you on the About page. */
export function ProfileSection({ a, answer }: SectionProps) {
  const { fieldError, said } = answerIn(answer, "profile");
  return (
    <div className={card}>
      <h2 className={h2}>On your posts</h2>
      <p className={lead}>The name your posts show, and the team member whose photo they show beside it.</p>
      <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
        <input type="hidden" name="intent" value="profile" />
        <Field id="name" label="Your name" errorId="name-error" errors={fieldError("name")}>
          <input
            id="name"
            name="name"
            defaultValue={a.name}
            maxLength={80}
            autoComplete="name"
            className={inputClass}
          />
        </Field>
        <Field id="teamMemberId" label="You on the About page" errorId="team-error">
          <select
            id="teamMemberId"
            name="teamMemberId"
            defaultValue={a.teamMemberId ?? ""}
            className={inputClass}
          >
            <option value="">Not linked</option>
            {a.team.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} — {m.role}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <SubmitButton label="Save" pendingLabel="Saving..." />
          {said}
        </div>
      </Form>
    </div>
  );
}
