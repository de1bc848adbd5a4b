import {
  createContext,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

import { TOAST_HOTKEY, TOAST_LIST_ID } from "~/lib/page-behaviours";

/** Spec §9: one toast at a time, 5 s on screen, swipe right 50 px to dismiss, F8 (the page script) to reach them. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
};
type Toast = ToastInput & { id: number; open: boolean };

type ToastContextValue = { toast: (input: ToastInput) => number; dismiss: (id: number) => void };
const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToast must be used inside <ToastProvider>");
  return value;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.map((t) => (t.id === id ? { ...t, open: false } : t)));
    // A dismissed toast stays (hidden) for a while before it is dropped, as the spec's constant says.
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId++;
    setToasts((all) => [{ ...input, id, open: true }, ...all].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport toasts={toasts} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  return (
    <section
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4"
    >
      <ol
        id={TOAST_LIST_ID}
        tabIndex={-1}
        aria-live="polite"
        className="flex w-full max-w-sm flex-col gap-2 outline-none"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = setTimeout(onDismiss, toast.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.open, toast.duration, paused, onDismiss]);

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDragX(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dragX > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    start.current = null;
    setDragX(0);
  };

  const destructive = toast.variant === "destructive";
  return (
    <li
      hidden={!toast.open}
      role={destructive ? "alert" : "status"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ transform: dragX ? `translateX(${dragX}px)` : undefined }}
      className={`pointer-events-auto relative touch-pan-y rounded-lg border p-4 pr-10 shadow-lg ${
        destructive
          ? "border-destructive bg-destructive text-destructive-fg"
          : "border-border bg-card text-fg"
      }`}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </li>
  );
}
