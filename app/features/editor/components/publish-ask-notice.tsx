import { type RefObject, useEffect, useRef } from "react";

import { PUBLISH_AS_IT_IS, type PublishAsk } from "../publish-ask";

/** What became of what was typed: said first, in bold; then (a live item) why. */
const firstWords = (ask: PublishAsk, noun: string) =>
  ({
    draft: ["Saved as a draft.", ""],
    scheduled: ["Saved, and still scheduled.", ""],
    kept: [
      "Not saved yet:",
      `this ${noun} is live, and a save puts your changes on the site at once. They are kept here in the form as your unsaved work.`,
    ],
  })[ask];

/**
 * After the first press of Publish with the checks' problems open: what became of what was typed, then
 * the one question left, going live. Carries the answer: the form's Publish now publishes as it is.
 */
export function PublishAskNotice({
  ask,
  problems,
  noun,
  button,
}: {
  ask: PublishAsk;
  /** The problems open now (they follow what is typed). */
  problems: number;
  /** "post", "case study", "page". */
  noun: string;
  /** The publish button's own words, so the notice names the button there is: "Save & Publish". */
  button: string;
}) {
  const [said, why] = firstWords(ask, noun);
  const open = problems === 1 ? "1 problem is" : `${problems} problems are`;
  // Publish may have been pressed far down the page (a phone's bottom bar), whose place is kept: the
  // notice comes into view once.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces: a browser's scrollIntoView may answer a promise, which React would take for a clean-up.
    notice.current?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <div ref={notice} role="status" className="rounded-xl border border-border bg-card px-4 py-3 text-sm">
      <input type="hidden" name={PUBLISH_AS_IT_IS} value="yes" />
      <p>
        <strong className="font-semibold">{said}</strong> {why && <>{why} </>}
        {problems > 0 ? (
          <>
            <a href="#writing-checks-heading" className="font-semibold text-primary underline">
              {open} still open
            </a>
            : fix {problems === 1 ? "it" : "them"}, or press {button} again to publish as it is.
          </>
        ) : (
          <>Nothing is left to fix: press {button} to put it on the site.</>
        )}
      </p>
    </div>
  );
}

/**
 * After the first press the page is drawn anew: the keyboard goes back to Publish (the visible one), where
 * it was, so the answer is one more press. `drawn` changes with each drawing of the form.
 */
export function useFocusOnPublish(
  form: RefObject<HTMLFormElement | null>,
  ask: PublishAsk | null | undefined,
  drawn: unknown,
) {
  useEffect(() => {
    if (!ask) return;
    const buttons = form.current?.querySelectorAll<HTMLButtonElement>(
      'button[name="intent"][value="publish"]',
    );
    [...(buttons ?? [])].find((button) => button.offsetParent !== null)?.focus({ preventScroll: true });
  }, [form, ask, drawn]);
}
