import { type RefObject, useDeferredValue, useEffect, useMemo, useState } from "react";

import { WritingChecks } from "~/features/editor";

import { fieldId, type Loose, readCopyForm } from "./copy-form";
import type { ObjectSpec } from "./copy-spec";
import { checkPageCopy } from "./page-checks";

/**
 * The checks of the page as the form holds it now: read from the form on each change (its fields are
 * not React's), checked on a deferred copy so typing never waits. Before that (and without JavaScript)
 * the words the server drew the form with. `brokenLinks`: the internal paths only the server knows are
 * not answered.
 */
export function usePageChecks(
  form: RefObject<HTMLFormElement | null>,
  spec: ObjectSpec,
  drawnWith: Loose,
  brokenLinks: string[],
) {
  // What was typed since the server last drew the form (a new drawing starts from its words again).
  const [typed, setTyped] = useState<{ copy: Loose; over: Loose } | null>(null);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const read = () => {
      const result = readCopyForm(spec, new FormData(element).entries());
      if (result.ok) setTyped({ copy: result.copy, over: drawnWith });
    };
    element.addEventListener("input", read);
    element.addEventListener("change", read);
    return () => {
      element.removeEventListener("input", read);
      element.removeEventListener("change", read);
    };
  }, [form, spec, drawnWith]);
  const deferred = useDeferredValue(typed?.over === drawnWith ? typed.copy : drawnWith);
  return useMemo(() => {
    const broken = new Set(brokenLinks);
    return checkPageCopy(spec, deferred, { pageExists: (path) => !broken.has(path) });
  }, [spec, deferred, brokenLinks]);
}

/** The page's checks beside its form, each problem a link to its field. */
export function PageChecks({ problems }: { problems: ReturnType<typeof usePageChecks> }) {
  const fieldIds = Object.fromEntries(problems.map((problem) => [problem.field, fieldId(problem.field)]));
  return <WritingChecks problems={problems} ease={null} fieldIds={fieldIds} bodyName="" />;
}
