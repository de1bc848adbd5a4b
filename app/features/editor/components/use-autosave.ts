import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";

import type { AutosaveKind } from "#db/schema";

import { unsavedValuesOf } from "../publish-ask";
import { AUTOSAVE_ENDPOINTS } from "../schemas";
import { TRAILING_PARAGRAPHS_ATTRIBUTE, trailingParagraphsName } from "../trailing-paragraphs";

/** Saved to the server this long after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 2000;
// A keepalive request (the one that still goes while the tab closes) may carry at most 64 KB.
const KEEPALIVE_LIMIT = 60 * 1024;

export type AutosaveState =
  | { kind: "clean" }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "failed" };

/**
 * The form's text fields as typed (see unsavedValuesOf). Beside a rich-text body: the number of empty
 * paragraphs its editor ends with, which the body leaves out.
 */
function formValues(form: HTMLFormElement): Record<string, string> {
  const values = unsavedValuesOf(new FormData(form));
  for (const field of form.querySelectorAll<HTMLTextAreaElement>("textarea[name]")) {
    const count = field.getAttribute(TRAILING_PARAGRAPHS_ATTRIBUTE);
    if (count) values[trailingParagraphsName(field.name)] = count;
  }
  return values;
}

/**
 * The editor's safety net: what is typed is saved to the server as the admin's unsaved work
 * AUTOSAVE_DELAY_MS after they stop typing, and again when the tab is hidden or closed; leaving with
 * unsaved changes (another admin page, a reload, closing the tab) asks first. A real save of the post
 * clears the unsaved work on the server, and `markSaved` tells the hook the form is clean again.
 */
export function useAutosave(form: RefObject<HTMLFormElement | null>, kind: AutosaveKind, itemKey: string) {
  const [state, setState] = useState<AutosaveState>({ kind: "clean" });
  const dirty = useRef(false);
  // From the form's submit until the next change: the save itself is not "leaving".
  const submitting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const send = async ({ closing = false } = {}) => {
      if (!dirty.current) return;
      clearTimeout(timer.current);
      const { path, key } = AUTOSAVE_ENDPOINTS[kind];
      const body = JSON.stringify({ [key]: itemKey, values: formValues(element) });
      if (!closing) setState({ kind: "saving" });
      try {
        const answer = await fetch(path, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body,
          keepalive: closing && body.length < KEEPALIVE_LIMIT,
        });
        if (!answer.ok) throw new Error(`autosave answered ${answer.status}`);
        if (!closing) setState({ kind: "saved", at: new Date() });
      } catch {
        if (!closing) setState({ kind: "failed" });
      }
    };
    const changed = (event: Event) => {
      // Only the form's own fields count: not the inputs of the editor's dialogs (which have no name,
      // and whose controlled value a re-render in the middle of their own event would undo), nor files.
      const target = event.target as HTMLInputElement | null;
      if (!target?.name || target.type === "file") return;
      dirty.current = true;
      submitting.current = false;
      setState({ kind: "dirty" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    };
    // A form sent to the server carries what was typed: a page it opens as a whole document (a page's
    // preview) is no leaving, and a copy kept then would be offered back as work never saved.
    const hidden = () =>
      document.visibilityState === "hidden" && !submitting.current && void send({ closing: true });
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current || submitting.current) return;
      void send({ closing: true });
      event.preventDefault();
    };
    const submitted = () => (submitting.current = true);
    element.addEventListener("submit", submitted);
    element.addEventListener("input", changed);
    element.addEventListener("change", changed);
    document.addEventListener("visibilitychange", hidden);
    addEventListener("beforeunload", beforeUnload);
    return () => {
      clearTimeout(timer.current);
      element.removeEventListener("submit", submitted);
      element.removeEventListener("input", changed);
      element.removeEventListener("change", changed);
      document.removeEventListener("visibilitychange", hidden);
      removeEventListener("beforeunload", beforeUnload);
    };
  }, [form, kind, itemKey]);

  // A form that came back (refused, or a list's button drew it again) is as unsaved as before it went.
  const navigationState = useNavigation().state;
  useEffect(() => {
    if (navigationState === "idle") submitting.current = false;
  }, [navigationState]);

  // Another admin page with unsaved changes: ask.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const markSaved = useCallback(() => {
    dirty.current = false;
    clearTimeout(timer.current);
    setState({ kind: "clean" });
  }, []);

  return { state, blocker, markSaved };
}
