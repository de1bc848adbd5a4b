/** The blog searches as the visitor types, 300 ms after the last key (one request per pause, not per key). */
export const AUTO_SUBMIT_DELAY_MS = 300;

export const formsConfig = {
  autoSubmitDelay: AUTO_SUBMIT_DELAY_MS,
  offlineMessage: "Check your connection and try again. What you typed is still here.",
  /** A POST answered by something other than this site's page (a proxy's 502/503 page, say). */
  notSentMessage: "Please try again in a moment. What you typed is still here.",
};

/**
 * Forms and links that work without JavaScript, made smoother with it (docs/decisions/014). Every
 * public page is plain HTML; this is what React used to do on four of them:
 * - `<form data-enhance>` is sent with fetch instead of loading a new page; the answer is the same
 *   page the server renders for a browser without JavaScript, and only its `[data-swap]` parts (by id)
 *   are copied in. A GET updates the address (replace) and swaps every part but the one being typed in
 *   and those marked `data-swap="post"`; a POST swaps only the part its form is in and takes the
 *   address a redirect leads to (so a reload never sends it twice).
 *   `data-auto="input"` sends it as the visitor types (debounced), `data-auto="change"` on a change.
 * - `<a data-enhance>` does the same for a GET, adding a history entry; Back swaps back.
 *   `data-grow="<selector>"` ("Show more", "Load more"): the list stays while the longer one loads
 *   (no skeletons), then focus moves to the element the selector names (the first new item).
 * - A `[data-swap][data-pending=<template id>]` part shows that template while loading (skeletons).
 * - The submit button's `data-pending-label` replaces its text, and it is disabled, while sending.
 * - `<form data-validate>` checks its fields on blur (`data-validate="submit"`: on submit only) with
 *   the messages on each field (`data-value-missing`, `data-too-short`, `data-type-mismatch`) — the
 *   server's schema says the same, beside the same fields, when it has the last word.
 * - `<button data-share data-title data-text data-copied data-copied-text data-failed>` opens the share
 *   sheet, or copies the link and says so in the button's words.
 * Serialised with toString(): it must not use anything from outside itself.
 */
export function pageForms(c: typeof formsConfig) {
  const toast = (input: { title: string; description?: string; variant?: "destructive" }) =>
    window.__pageBehaviours?.toast(input);
  type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

  // ----- Checking fields in the browser -----
  const problem = (control: Control) => {
    const value = control.value.trim();
    const { valueMissing, tooShort, typeMismatch } = control.dataset;
    if (!value) return control.required ? (valueMissing ?? tooShort ?? typeMismatch) : undefined;
    if ("minLength" in control && control.minLength > 0 && value.length < control.minLength) return tooShort;
    if (control.validity.typeMismatch) return typeMismatch;
    return undefined;
  };
  const errorOf = (control: Control) => {
    const id = control.dataset.errorId;
    return id ? document.getElementById(id) : null;
  };
  const showProblem = (control: Control) => {
    const message = problem(control);
    const error = errorOf(control);
    if (message) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    if (!error) return !message;
    error.textContent = message ?? "";
    error.hidden = !message;
    if (message) control.setAttribute("aria-describedby", error.id);
    else control.removeAttribute("aria-describedby");
    return !message;
  };
  const checkedControls = (form: HTMLFormElement) =>
    [...form.elements].filter(
      (el): el is Control =>
        (el instanceof HTMLInputElement ||
          el instanceof HTMLTextAreaElement ||
          el instanceof HTMLSelectElement) &&
        Boolean(el.dataset.errorId),
    );
  const validates = (form: HTMLFormElement | null | undefined, when: "blur" | "submit") =>
    Boolean(
      form &&
      form.dataset.validate !== undefined &&
      (when === "submit" || form.dataset.validate !== "submit"),
    );

  document.addEventListener("focusout", (event) => {
    const control = event.target as Control;
    if (control.dataset?.errorId && validates(control.form, "blur")) showProblem(control);
  });
  // Once a field shows a problem it is checked again as the visitor corrects it.
  document.addEventListener("input", (event) => {
    const control = event.target as Control;
    if (control.dataset?.errorId && control.getAttribute("aria-invalid") === "true") showProblem(control);
  });

  // ----- Swapping in the server's answer -----
  const parser = new DOMParser();
  let controller: AbortController | undefined;

  // What a part showed before its loading skeleton, to put back if the request fails.
  const beforePending = new Map<Element, Node[]>();

  const swapParts = (next: Document, parts: Element[]) => {
    let swapped = 0;
    for (const part of parts) {
      const fresh = next.getElementById(part.id);
      if (!fresh) continue;
      beforePending.delete(part);
      // The part itself stays (a live region keeps announcing, listeners keep working); its content changes.
      for (const { name, value } of fresh.attributes) part.setAttribute(name, value);
      for (const { name } of [...part.attributes]) if (!fresh.hasAttribute(name)) part.removeAttribute(name);
      part.replaceChildren(...fresh.childNodes);
      window.__pageBehaviours?.showToastsIn(part);
      swapped++;
    }
    return swapped;
  };

  const showPending = (parts: Element[]) => {
    for (const part of parts) {
      const template = document.getElementById((part as HTMLElement).dataset.pending ?? "");
      if (!(template instanceof HTMLTemplateElement) || beforePending.has(part)) continue;
      beforePending.set(part, [...part.childNodes]);
      part.replaceChildren(template.content.cloneNode(true));
      part.setAttribute("aria-busy", "true");
    }
  };
  const hidePending = () => {
    for (const [part, children] of beforePending) {
      part.replaceChildren(...children);
      part.removeAttribute("aria-busy");
    }
    beforePending.clear();
  };

  /** The parts a visit replaces: for a POST the one its form is in; for a GET all but one being typed in. */
  const partsFor = (method: "GET" | "POST", form?: HTMLFormElement) => {
    const own = form?.closest("[data-swap]");
    if (method === "POST") return own ? [own] : [];
    const typing = document.activeElement?.matches("input, textarea, select") ? document.activeElement : null;
    return [...document.querySelectorAll("[data-swap]:not([data-swap=post])")].filter(
      (part) => !typing || !part.contains(typing),
    );
  };

  /** Where focus goes when the element that had it was replaced: the same control, else the first problem. */
  const restoreFocus = (was: Element | null, within: Element[]) => {
    if (!was || was.isConnected || !(was instanceof HTMLElement)) return;
    const key = was.id
      ? `#${CSS.escape(was.id)}`
      : was.dataset.key
        ? `[data-key="${CSS.escape(was.dataset.key)}"]`
        : null;
    for (const part of within) {
      const target =
        part.querySelector<HTMLElement>("[aria-invalid=true]") ??
        (key ? part.querySelector<HTMLElement>(key) : null);
      if (target) return target.focus({ preventScroll: true });
    }
    const part = within[0] as HTMLElement | undefined;
    if (part) {
      part.tabIndex = -1;
      part.focus({ preventScroll: true });
    }
  };

  type Visit = {
    url: string;
    method: "GET" | "POST";
    body?: URLSearchParams;
    history: "push" | "replace" | "none";
    form?: HTMLFormElement;
    failTitle?: string;
    /** The element to focus once swapped in: the first new item of a list grown in place. */
    grow?: string;
  };

  const visit = async ({ url, method, body, history: mode, form, failTitle, grow }: Visit) => {
    const parts = partsFor(method, form);
    const button = form?.querySelector<HTMLButtonElement>("button[type=submit][data-pending-label]");
    const label = button?.textContent;
    if (button) {
      button.textContent = button.dataset.pendingLabel ?? label ?? "";
      button.disabled = true;
    }
    controller?.abort();
    const mine = (controller = new AbortController());
    if (method === "GET" && !grow) showPending(parts);
    const done = () => {
      if (button?.isConnected) {
        button.textContent = label ?? "";
        button.disabled = false;
      }
    };
    let response: Response;
    let next: Document;
    try {
      response = await fetch(url, {
        method,
        body,
        signal: mine.signal,
        headers: { Accept: "text/html" },
      });
      next = parser.parseFromString(await response.text(), "text/html");
    } catch {
      done();
      if (mine.signal.aborted) return; // a newer visit took over
      hidePending();
      toast({
        title: failTitle ?? "Something went wrong",
        description: c.offlineMessage,
        variant: "destructive",
      });
      return;
    }
    if (mine !== controller) return done();
    const focused = document.activeElement;
    const swapped = swapParts(next, parts);
    done();
    if (parts.length && !swapped) {
      // Not the page this came from (an error page, a sign-in): show it as a browser would.
      if (method === "GET") return location.assign(response.url);
      hidePending();
      // The site's own error page explains itself; a proxy's (502/503) does not, so say what still holds.
      const explanation = next.querySelector("main p")?.textContent?.trim() || c.notSentMessage;
      return toast({
        title: failTitle ?? "Something went wrong",
        description: explanation,
        variant: "destructive",
      });
    }
    if (next.title) document.title = next.title;
    const target = response.redirected ? response.url : method === "GET" ? url : null;
    if (target && mode !== "none") {
      if (mode === "push") {
        history.replaceState({ swap: true }, "");
        history.pushState({ swap: true }, "", target);
      } else history.replaceState({ swap: true }, "", target);
    }
    const first = grow ? document.querySelector<HTMLElement>(grow) : null;
    if (first) first.focus();
    else restoreFocus(focused, parts);
  };

  const getUrl = (form: HTMLFormElement) => {
    const url = new URL(form.action || location.href);
    url.search = "";
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) url.searchParams.append(name, value);
    }
    return url.pathname + url.search;
  };

  const send = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const method = form.method.toUpperCase() === "POST" ? "POST" : "GET";
    const failTitle = form.dataset.failTitle;
    if (method === "GET") return visit({ url: getUrl(form), method, history: "replace", form, failTitle });
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form, submitter)) {
      if (typeof value === "string") body.append(name, value);
    }
    return visit({ url: form.action || location.href, method, body, history: "replace", form, failTitle });
  };

  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (form.dataset.enhance === undefined || event.defaultPrevented) return;
    event.preventDefault();
    if (validates(form, "submit")) {
      const wrong = checkedControls(form).filter((control) => !showProblem(control));
      if (wrong[0]) return wrong[0].focus();
    }
    void send(form, event.submitter);
  });

  let typing: ReturnType<typeof setTimeout> | undefined;
  const autoSubmit = (kind: "input" | "change") => (event: Event) => {
    const form = (event.target as Control).form;
    if (!form || form.dataset.enhance === undefined || form.dataset.auto !== kind) return;
    clearTimeout(typing);
    if (kind === "change") return void send(form);
    typing = setTimeout(() => void send(form), c.autoSubmitDelay);
  };
  document.addEventListener("input", autoSubmit("input"));
  document.addEventListener("change", autoSubmit("change"));

  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>("a[data-enhance]");
    if (link && link.origin === location.origin) {
      event.preventDefault();
      const grow = link.dataset.grow;
      void visit({ url: link.pathname + link.search, method: "GET", history: "push", grow });
      return;
    }
    const share = target?.closest<HTMLButtonElement>("button[data-share]");
    if (share) void shareLink(share.dataset);
  });
  addEventListener("popstate", (event) => {
    if ((event.state as { swap?: boolean } | null)?.swap)
      void visit({ url: location.pathname + location.search, method: "GET", history: "none" });
  });

  // ----- Share -----
  const shareLink = async (words: DOMStringMap) => {
    const { title = document.title, text = "" } = words;
    const url = location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      // The button carries the words in its page's language (the script is the same for every page).
      toast({ title: words.copied ?? "Link copied", description: words.copiedText });
    } catch {
      toast({ title: words.failed ?? "Could not copy the link", description: url, variant: "destructive" });
    }
  };
}
