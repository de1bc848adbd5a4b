import { type DragEvent, useState } from "react";
import { useSubmit } from "react-router";

import { StrokeIcon } from "~/ui/stroke-icon";

/**
 * The buttons every ordered list has on each row, inside the row's form: one place up or down, and
 * to the top. The keyboard's way to reorder (dragging is the pointer's, useDragReorder).
 */
export function MoveButtons({
  name,
  index,
  count,
  className,
}: {
  name: string;
  index: number;
  count: number;
  className: string;
}) {
  return (
    <>
      <button
        name="intent"
        value="top"
        disabled={index === 0}
        className={`${className} px-2.5`}
        aria-label={`Move ${name} to the top`}
        title="Move to the top"
      >
        <StrokeIcon d={ARROWS.top} className="size-4" />
      </button>
      <button
        name="intent"
        value="up"
        disabled={index === 0}
        className={`${className} w-9 px-0`}
        aria-label={`Move ${name} up`}
        title="Move up"
      >
        <StrokeIcon d={ARROWS.up} className="size-4" />
      </button>
      <button
        name="intent"
        value="down"
        disabled={index === count - 1}
        className={`${className} w-9 px-0`}
        aria-label={`Move ${name} down`}
        title="Move down"
      >
        <StrokeIcon d={ARROWS.down} className="size-4" />
      </button>
    </>
  );
}

const ARROWS = {
  top: "M5 4h14M12 20V8m0 0-5 5m5-5 5 5",
  up: "M12 19V5m0 0-6 6m6-6 6 6",
  down: "M12 5v14m0 0-6-6m6 6 6-6",
};

/** The grip a row is dragged by (the buttons beside it do the same from the keyboard). */
export function DragHandle() {
  return (
    <span
      aria-hidden="true"
      title="Drag to reorder"
      className="js-only hidden cursor-grab touch-none text-muted hover:text-fg active:cursor-grabbing sm:inline-flex"
    >
      <svg viewBox="0 0 24 24" fill="currentColor" className="size-4">
        {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
      </svg>
    </span>
  );
}

/**
 * Drag-and-drop for an ordered list: each row (by its item's id) is draggable, and dropping it on
 * another row posts a move to that row's place (intent "move", `over` the row's item), so the server's
 * order is the one shown. `over` is the row being dragged over, to draw where it will land.
 */
export function useDragReorder(action: string) {
  const submit = useSubmit();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const rowProps = (id: string, index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", id);
      setDragged(id);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragged) return;
      event.preventDefault();
      setOver(index);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged && dragged !== id)
        void submit({ intent: "move", id: dragged, over: id }, { method: "post", action });
      setDragged(null);
      setOver(null);
    },
  });
  return { rowProps, over, dragged };
}
