/** One toast at a time (no pile-up), 5 s on screen, swipe right 50 px to dismiss, F8 to reach them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_LIST_ID = "notifications";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
};

export const toastConfig = {
  toastListId: TOAST_LIST_ID,
  toastDuration: TOAST_DURATION_MS,
  toastRemoveDelay: TOAST_REMOVE_DELAY_MS,
  toastSwipe: TOAST_SWIPE_THRESHOLD_PX,
  toastClass: "pointer-events-auto relative touch-pan-y rounded-lg border p-4 pr-10 shadow-lg",
  toastDefaultClass: "border-border bg-card text-fg",
  toastDestructiveClass: "border-destructive bg-destructive text-destructive-fg",
  toastCloseClass: "absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100",
};

/**
 * The toasts, for every page (with React or without): `toast()` on window.__pageBehaviours puts one in
 * the notifications list the layout renders; a `<template data-toast>` in the page (or in a part of it
 * swapped in by page-forms) shows one too, so the server can say "sent" or "failed" the same way.
 * Serialised with toString(): it must not use anything from outside itself.
 */
export function pageToasts(c: typeof toastConfig) {
  const toast = ({ title, description, variant, duration }: ToastInput) => {
    const list = document.getElementById(c.toastListId);
    if (!list) return;
    const destructive = variant === "destructive";
    const item = document.createElement("li");
    item.setAttribute("role", destructive ? "alert" : "status");
    item.className = `${c.toastClass} ${destructive ? c.toastDestructiveClass : c.toastDefaultClass}`;
    const heading = document.createElement("p");
    heading.className = "text-sm font-semibold";
    heading.textContent = title;
    item.append(heading);
    if (description) {
      const text = document.createElement("p");
      text.className = "mt-1 text-sm opacity-90";
      text.textContent = description;
      item.append(text);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.className = c.toastCloseClass;
    close.setAttribute("aria-label", list.dataset.dismiss ?? "Dismiss notification");
    close.textContent = "×";
    item.append(close);

    let timer: ReturnType<typeof setTimeout> | undefined;
    let paused = false;
    const dismiss = () => {
      clearTimeout(timer);
      item.hidden = true;
      // A dismissed toast stays (hidden) for a while (TOAST_REMOVE_DELAY_MS) before it is dropped.
      setTimeout(() => item.remove(), c.toastRemoveDelay);
    };
    const arm = () => {
      clearTimeout(timer);
      if (!paused && !item.hidden) timer = setTimeout(dismiss, duration ?? c.toastDuration);
    };
    const pause = (on: boolean) => () => {
      paused = on;
      if (on) clearTimeout(timer);
      else arm();
    };
    item.addEventListener("mouseenter", pause(true));
    item.addEventListener("mouseleave", pause(false));
    item.addEventListener("focusin", pause(true));
    item.addEventListener("focusout", pause(false));
    close.addEventListener("click", dismiss);

    // Swiping right past the threshold dismisses it.
    let startX: number | null = null;
    let dragX = 0;
    item.addEventListener("pointerdown", (event) => {
      if (event.target === close) return;
      startX = event.clientX;
      item.setPointerCapture?.(event.pointerId);
    });
    item.addEventListener("pointermove", (event) => {
      if (startX === null) return;
      dragX = Math.max(0, event.clientX - startX);
      item.style.transform = dragX ? `translateX(${dragX}px)` : "";
    });
    const release = () => {
      if (startX !== null && dragX > c.toastSwipe) dismiss();
      startX = null;
      dragX = 0;
      item.style.transform = "";
    };
    item.addEventListener("pointerup", release);
    item.addEventListener("pointercancel", release);

    // One visible at a time: the newest replaces the others.
    list.replaceChildren(item);
    arm();
  };

  /** Shows (once) the toasts the server put in the page or in a part swapped into it. */
  const showToastsIn = (root: ParentNode) => {
    for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-toast]")) {
      const { title = "", description, variant } = template.dataset;
      template.remove();
      toast({ title, description, variant: variant === "destructive" ? "destructive" : "default" });
    }
  };
  showToastsIn(document); // the page script runs this part once the document is parsed

  window.__pageBehaviours = { ...window.__pageBehaviours!, toast, showToastsIn };
}
