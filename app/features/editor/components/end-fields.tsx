import { type ComponentProps } from "react";

import { TextInput } from "./editor-parts";

type TextField = ComponentProps<typeof TextInput>["field"];

/**
 * A post's or a case study's end: when it leaves the site on its own, and where its address then sends
 * visitors. `leaves` says what it leaves; `section` is the page suggested instead.
 */
export function EndFields({
  unpublishAt,
  endRedirect,
  noun,
  leaves,
  section,
}: {
  unpublishAt: TextField;
  endRedirect: TextField;
  noun: string;
  leaves: string;
  section: string;
}) {
  return (
    <>
      <TextInput
        field={unpublishAt}
        label="Ends at (Dublin time)"
        hint={`Optional. Day first, e.g. 31/12/2026 23:59: the live ${noun} leaves ${leaves} on its own at that minute.`}
        placeholder="DD/MM/YYYY HH:MM"
      />
      <TextInput
        field={endRedirect}
        label="Once it has ended, send visitors to"
        hint={`A page of this site, e.g. ${section}. Left empty, its address says the ${noun} is gone (410).`}
        placeholder={section}
      />
    </>
  );
}
