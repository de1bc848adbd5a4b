import { url as vitalsScriptUrl } from "virtual:web-vitals-script";

import { formsConfig, pageForms } from "./page-forms";
import { pageToasts, TOAST_HOTKEY, TOAST_LIST_ID, toastConfig, type ToastInput } from "./page-toasts";

/** Stored in localStorage under this key; dark is the default (and the only theme without JavaScript). */
export const THEME_STORAGE_KEY = "theme";
export const themePreferences = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof themePreferences)[number];

/**
 * Tooltips open after 700 ms (a pointer passing over does not flash them); within 300 ms of one
 * closing, the next opens at once.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_CLASS =
  "absolute top-full left-1/2 z-50 mt-2 -translate-x-1/2 rounded-md border border-border bg-card px-2 py-1 text-xs whitespace-nowrap text-fg shadow-lg";

/**
 * A move to another page that takes longer than this shows that it is under way (a post shows
 * "Loading article..."); a quicker one shows nothing, so it never flashes.
 */
export const PAGE_LOADING_DELAY_MS = 400;
export const PAGE_LOADING_ID = "page-loading";
/** A post's address: the move there says "Loading article...". */
export const ARTICLE_PATH = "^/blog/[^/]+/?$";
export const pageLoadingWords = (pathname: string) =>
  new RegExp(ARTICLE_PATH).test(pathname) ? "Loading article..." : "Loading...";
export const PAGE_LOADING_CLASS =
  "pointer-events-none fixed top-20 left-1/2 z-[60] flex -translate-x-1/2 items-center gap-3 rounded-full border border-border bg-card py-2 pr-5 pl-3 text-sm font-medium text-fg shadow-lg empty:opacity-0";
export const PAGE_LOADING_SPINNER_CLASS =
  "size-4 rounded-full border-2 border-current border-t-transparent text-primary motion-safe:animate-spin";

/** The phone menu, a native popover (docs/decisions/004). */
export const MENU_ID = "mobile-menu";

/**
 * Rendered by root.tsx just before React Router's scripts: only inline scripts after it (and the page
 * script) are allowed by the page's CSP (csp.server.ts).
 */
export const APP_SCRIPTS_MARKER = "app-scripts";
export const APP_SCRIPTS_MARKER_HTML = `<div id="${APP_SCRIPTS_MARKER}" hidden=""></div>`;

/** The inert copy of React Router's start-up script (see deferred-hydration.server.ts). */
export const DEFERRED_HYDRATION_ID = "deferred-hydration";

const config = {
  themeKey: THEME_STORAGE_KEY,
  tooltipClass: TOOLTIP_CLASS,
  tooltipDelay: TOOLTIP_DELAY_MS,
  tooltipSkipDelay: TOOLTIP_SKIP_DELAY_MS,
  toastHotkey: TOAST_HOTKEY,
  toastListId: TOAST_LIST_ID,
  menuId: MENU_ID,
  loadingDelay: PAGE_LOADING_DELAY_MS,
  loadingId: PAGE_LOADING_ID,
  loadingClass: PAGE_LOADING_CLASS,
  loadingSpinnerClass: PAGE_LOADING_SPINNER_CLASS,
  articlePath: ARTICLE_PATH,
  deferredHydrationId: DEFERRED_HYDRATION_ID,
  // "/#services" glides to the section once the page has painted.
  hashScrollDelay: 100,
  endlessMotion: ".glitch-always, .glitch-hover, .float-slow, .float-slower, .animated-divider",
};

type PageBehaviours = {
  applyTheme: () => void;
  /** Set by the deferred behaviours (pageThemeChoice). */
  showChoice?: () => void;
  glide: () => void;
  watchMotion: () => void;
  toast: (input: ToastInput) => void;
  showToastsIn: (root: ParentNode) => void;
};

declare global {
  interface Window {
    __pageBehaviours?: PageBehaviours;
  }
}

/**
 * The theme, applied in <head> before the first paint so the page never flashes the wrong one: light,
 * dark or system (follows the operating system live). Only what must run before that paint: the
 * switch's radios are served by pageThemeChoice, with the deferred behaviours (the inline script is
 * parsed and run in the first render's task, which Lighthouse counts as blocking).
 * Serialised with toString(): it must not use anything from outside itself.
 */
function pageTheme(c: { themeKey: string; react: boolean }) {
  const root = document.documentElement;
  const systemDark = matchMedia("(prefers-color-scheme: dark)");
  const applyTheme = () => {
    let choice: string | null = null;
    try {
      choice = localStorage.getItem(c.themeKey);
    } catch {
      // Storage can be blocked; the theme stays dark.
    }
    const dark = choice === "system" ? systemDark.matches : choice !== "light";
    // Transitions off for one frame: the colours change at once instead of fading mid-way. (Parts
    // below the first screen, content-visibility: auto, take theirs when next drawn, and may fade;
    // making them take it now costs a style pass over the whole page, ~50 ms more per switch.)
    const still = document.body && document.createElement("style");
    if (still) {
      still.textContent = "*,*::before,*::after{transition:none!important}";
      document.head.appendChild(still);
    }
    root.classList.toggle("dark", dark);
    root.classList.toggle("light", !dark);
    root.style.colorScheme = dark ? "dark" : "light";
    if (still) {
      void getComputedStyle(document.body).opacity; // the new colours apply now, with no transition
      setTimeout(() => still.remove(), 1);
    }
    window.__pageBehaviours?.showChoice?.();
  };
  root.classList.remove("no-js");
  applyTheme();
  systemDark.addEventListener("change", applyTheme);
  addEventListener("storage", applyTheme);
  window.__pageBehaviours = { ...window.__pageBehaviours!, applyTheme };
}

/**
 * The theme switch (the header's and the phone menu's radios): shows the stored choice, stores a new
 * one and applies it with pageTheme's applyTheme. Runs with the deferred behaviours.
 * Serialised with toString(): it must not use anything from outside itself.
 */
function pageThemeChoice(c: { themeKey: string }) {
  const preference = () => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(c.themeKey);
    } catch {
      // Storage can be blocked; the theme stays dark.
    }
    return stored === "light" || stored === "system" ? stored : "dark";
  };
  const showChoice = () => {
    for (const radio of document.querySelectorAll<HTMLInputElement>(
      `input[name=theme][value=${preference()}]`,
    ))
      radio.checked = true;
  };
  const choose = (radio: HTMLInputElement) => {
    try {
      localStorage.setItem(c.themeKey, radio.value);
    } catch {
      // Applied for this page only.
    }
    window.__pageBehaviours!.applyTheme();
  };
  document.addEventListener("change", (event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.name === "theme") choose(radio);
  });
  // The switch's own submit button: the checked choice, applied here rather than sent anywhere.
  document.addEventListener("submit", (event) => {
    const checked = (event.target as HTMLFormElement).querySelector<HTMLInputElement>(
      "input[name=theme]:checked",
    );
    if (!checked) return;
    event.preventDefault();
    choose(checked);
  });
  window.__pageBehaviours = { ...window.__pageBehaviours!, showChoice };
  showChoice();
}

/**
 * Every other page interaction that is not a form, written once for the pages sent with React and
 * without it (docs/decisions/011). It runs once the document is parsed, in a task of its own (see
 * pageScript), and listens on `document`, so it serves whatever markup is rendered later, by the
 * server or by React after a client-side move. The components only render the markup.
 * Serialised with toString(): it must not use anything from outside itself.
 */
function pageBehaviours(c: typeof config & { react: boolean }) {
  const root = document.documentElement;

  // Tooltips: one at a time, inside its [data-tooltip] wrapper, so the tip itself can be hovered.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tip: HTMLElement | undefined;
  let closedAt = 0;
  const hide = () => {
    clearTimeout(timer);
    if (!tip) return;
    tip.remove();
    tip = undefined;
    closedAt = Date.now();
  };
  const open = (wrapper: HTMLElement) => {
    // Not before React has hydrated: it must find only the nodes it rendered.
    if (!root.dataset.hydrated) return;
    tip = document.createElement("span");
    tip.setAttribute("role", "tooltip");
    tip.className = c.tooltipClass;
    tip.textContent = wrapper.dataset.tooltip ?? "";
    wrapper.appendChild(tip);
  };
  const show = (wrapper: HTMLElement) => {
    if (tip?.parentNode === wrapper) return;
    hide();
    if (Date.now() - closedAt < c.tooltipSkipDelay) open(wrapper);
    else timer = setTimeout(open, c.tooltipDelay, wrapper);
  };
  const wrapperOf = (node: EventTarget | null) =>
    node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null;
  // Entering or leaving a wrapper, not moving between its children (pointerenter/leave, delegated).
  const crossing = (event: PointerEvent | FocusEvent) => {
    const wrapper = wrapperOf(event.target);
    return wrapper !== wrapperOf(event.relatedTarget) ? wrapper : null;
  };
  const onEnter = (event: PointerEvent | FocusEvent) => {
    const wrapper = crossing(event);
    if (wrapper) show(wrapper);
  };
  const onLeave = (event: PointerEvent | FocusEvent) => crossing(event) && hide();
  document.addEventListener("pointerover", onEnter);
  document.addEventListener("focusin", onEnter);
  document.addEventListener("pointerout", onLeave);
  document.addEventListener("focusout", onLeave);

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
    if (event.key === c.toastHotkey) document.getElementById(c.toastListId)?.focus();
  });

  // The phone menu closes when one of its links is chosen, on back/forward, and when the focus leaves
  // it (Tab past its end would otherwise land on the page hidden under it).
  const menu = () => document.getElementById(c.menuId);
  const closeMenu = () => menu()?.hidePopover?.();
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(`#${c.menuId} a`)) closeMenu();
  });
  addEventListener("popstate", closeMenu);
  document.addEventListener("focusin", (event) => {
    const open = menu();
    if (open?.matches(":popover-open") && !open.contains(event.target as Node)) closeMenu();
  });

  // "/#services" glides to its section once the page has painted (jumps for reduced motion).
  let glideTimer: ReturnType<typeof setTimeout> | undefined;
  const glide = () => {
    clearTimeout(glideTimer);
    if (!location.hash) return;
    glideTimer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
      target?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    }, c.hashScrollDelay);
  };
  addEventListener("hashchange", glide);
  // The link a plain click (main button, no modifier, not already handled) follows within this site.
  const sameSiteLink = (event: MouseEvent, selector: string) => {
    const link = event.target instanceof Element ? event.target.closest(selector) : null;
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return null;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    const url = new URL(link.href);
    return url.origin === location.origin ? { link, url } : null;
  };

  // A link to a part of this page glides there and takes the focus there (a keyboard user goes on
  // from it). React's links are React's (they prevent the default); a move to another page is not.
  document.addEventListener("click", (event) => {
    const { url } = sameSiteLink(event, "a[href*='#']") ?? {};
    if (!url || url.pathname !== location.pathname || url.search !== location.search) return;
    const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    if (url.hash !== location.hash) history.pushState(history.state, "", url.hash);
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    glide();
  });

  // A slow move to another page says so ("Loading article..." for a post). Only for a plain
  // click on a link the browser itself follows: a modified click opens a tab, a download or another
  // window is not this page's move, and React's links are React's (they prevent the default, and the
  // page's React status shows their moves: a move that loads no new document would never take this
  // one away). The status is in the page before its words, so a screen reader announces them. It goes
  // when the move is stopped (Escape, the browser's Stop) and when this page comes back from the
  // back/forward cache.
  let loadingTimer: ReturnType<typeof setTimeout> | undefined;
  const stopLoading = () => {
    clearTimeout(loadingTimer);
    const status = document.getElementById(c.loadingId);
    if (status) status.replaceChildren();
  };
  const startLoading = (url: URL) => {
    stopLoading();
    let status = document.getElementById(c.loadingId);
    if (!status) {
      status = document.createElement("div");
      status.id = c.loadingId;
      status.setAttribute("role", "status");
      status.className = c.loadingClass;
      document.body.appendChild(status);
    }
    const words = new RegExp(c.articlePath).test(url.pathname) ? "Loading article..." : "Loading...";
    loadingTimer = setTimeout(() => {
      const spinner = document.createElement("span");
      spinner.setAttribute("aria-hidden", "true");
      spinner.className = c.loadingSpinnerClass;
      status.replaceChildren(spinner, words);
    }, c.loadingDelay);
  };
  // On window, after React's own listener on the document has had the click: by then a click on one
  // of React's links has its default prevented.
  addEventListener("click", (event) => {
    const { link, url } = sameSiteLink(event, "a[href]") ?? {};
    if (!link || !url) return;
    if (link.hasAttribute("download") || (link.target && link.target !== "_self")) return;
    if (link.hasAttribute("data-enhance")) return; // fetched in place, with its own pending state
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    startLoading(url);
  });
  addEventListener("pageshow", stopLoading);
  document.addEventListener("keydown", (event) => event.key === "Escape" && stopLoading());
  (window as { navigation?: EventTarget }).navigation?.addEventListener("navigateerror", stopLoading);

  glide();
  // Ready for input (end-to-end tests wait for it); with React, root's effect says so once hydrated.
  if (!c.react) root.dataset.hydrated = "true";
  // React starts once the page has loaded and painted, so its code never competes with the first
  // paint; until then the page works as it does without JavaScript (decision 013).
  const startReact = () => {
    const inert = document.getElementById(c.deferredHydrationId);
    if (!inert) return;
    for (const href of (inert.dataset.preload ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.textContent = inert.textContent;
    document.body.appendChild(script);
  };
  if (c.react) {
    const afterPaint = () => requestAnimationFrame(() => setTimeout(startReact));
    if (document.readyState === "complete") afterPaint();
    else addEventListener("load", afterPaint, { once: true });
  }

  // Endless decorative motion (app.css) waits while it is off screen: nothing to draw, nothing to tick.
  const motion = new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.classList.toggle("motion-off", !entry.isIntersecting);
  });
  const watchMotion = () => {
    motion.disconnect();
    for (const part of document.querySelectorAll(c.endlessMotion)) motion.observe(part);
  };
  watchMotion();

  // For root's Layout (a client-side move fires no hashchange, renders new parts) and for tests.
  window.__pageBehaviours = { ...window.__pageBehaviours!, glide, watchMotion };
}

/**
 * The page view for the site's own cookie-free analytics (decision 028): the path, its query (UTM tags)
 * and the referrer, sent once the page has loaded and painted so it never competes with the page, and
 * again when the page comes back from the back/forward cache. Nothing is stored on the device. The
 * view is sent and the Web Vitals script started in two tasks: as one, on a slow phone, it was long
 * enough to count as blocking time.
 * Serialised with toString(): it must not use anything from outside itself.
 */
function pageBeacon(c: { endpoint: string; vitalsScript: string }) {
  const send = () =>
    navigator.sendBeacon?.(
      c.endpoint,
      JSON.stringify({ p: location.pathname + location.search, r: document.referrer }),
    );
  // The page's Web Vitals (decision 048): measured by a script of their own, fetched once the page has
  // painted, which sends them to the same endpoint when the page is hidden or left.
  const measure = () => {
    const script = document.createElement("script");
    script.src = c.vitalsScript;
    script.dataset.endpoint = c.endpoint;
    document.head.appendChild(script);
  };
  const afterPaint = () =>
    requestAnimationFrame(() => {
      setTimeout(send);
      setTimeout(measure);
    });
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
  addEventListener("pageshow", (event) => event.persisted && send());
}

/**
 * The page's one inline script, in <head>: the theme, applied before the first paint. `react` says
 * whether React will hydrate the page (only the admin does); it is written into the script so the
 * two variants differ and the page's CSP tells them apart (csp.server.ts).
 */
export function pageScript(react: boolean): string {
  return `(${pageTheme.toString()})(${JSON.stringify({ themeKey: config.themeKey, react })});`;
}

/**
 * Everything else the page script does, in a file of its own (behavioursUrl) loaded with `defer`: it
 * runs once the document is parsed (so it needs no DOMContentLoaded listener), the first render's
 * parse, style and layout task does not carry it, and until it runs the page works as it does without
 * JavaScript. Each part starts in a task of its own (behaviourParts): together they were one task long
 * enough, on a slow phone, to count as blocking time (decision 063). Out of the page, it is fetched once for every page (cached for good),
 * and each page's HTML is some 6 KB (gzip) smaller: the first screen's HTML fits the first round trip
 * of a new connection (about 14 KB).
 */
export function behavioursScript(react: boolean): string {
  return behaviourParts(react)
    .map((part) => `setTimeout(() => ${part});`)
    .join("\n");
}

/**
 * The deferred parts, in the order they start (timers of the same delay run in the order set): the
 * behaviours last but the beacon, as they mark the page ready for input once the rest is listening.
 */
export function behaviourParts(react: boolean): string[] {
  return [
    `(${pageThemeChoice.toString()})(${JSON.stringify({ themeKey: config.themeKey })})`,
    `(${pageToasts.toString()})(${JSON.stringify(toastConfig)})`,
    `(${pageForms.toString()})(${JSON.stringify(formsConfig)})`,
    `(${pageBehaviours.toString()})(${JSON.stringify({ ...config, react })})`,
    // The public pages' views; the admin (the React pages) is not counted.
    ...(react
      ? []
      : [
          `(${pageBeacon.toString()})(${JSON.stringify({ endpoint: "/api/event", vitalsScript: vitalsScriptUrl })})`,
        ]),
  ];
}

/** A short name for `text` (FNV-1a), the same in the server and the browser: the file's address changes with it. */
function contentName(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const behavioursUrls = new Map<boolean, string>();

/**
 * Where behavioursScript(react) is served (server/app.ts), named by its content so browsers keep it for
 * good. Worked out once per variant: every page asks, and the script is built and hashed whole.
 */
export function behavioursUrl(react: boolean): string {
  let url = behavioursUrls.get(react);
  if (url === undefined) {
    url = `/assets/page-${react ? "admin" : "site"}-${contentName(behavioursScript(react))}.js`;
    behavioursUrls.set(react, url);
  }
  return url;
}
