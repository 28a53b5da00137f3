import { useMemo, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type {
  Announcements,
  DragEndEvent,
  KeyboardCoordinateGetter,
  Modifier,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cx } from '../../lib/cx';
import { GripIcon } from '../../icons/icons';

export type SortableItemState = {
  /** Position of the item in `items`. */
  index: number;
  /** True while this item is being dragged. */
  isDragging: boolean;
};

export type SortableListProps<T> = {
  items: readonly T[];
  getId: (item: T) => string;
  /** Name of an item: its handle is labelled `Reorder {name}` and announcements name it. */
  getLabel: (item: T) => string;
  /** Content of a row; the component renders the drag handle before it. */
  renderItem: (item: T, state: SortableItemState) => ReactNode;
  /** Called after a drop that changed the position: move the item at fromIndex to toIndex. */
  onReorder: (fromIndex: number, toIndex: number) => void;
  /** Accessible name of the list. */
  label: string;
  /** No handle can be used (e.g. while a row is being edited). */
  disabled?: boolean;
  className?: string;
};

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To pick up an item, press Space or Enter. While it is picked up, use the up and down arrow keys ' +
    'to move it, press Space or Enter to drop it in its new position, or press Escape to cancel.',
};

const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

// A vertical list: left and right arrows do not move the picked-up item.
const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) =>
  event.code === 'ArrowLeft' || event.code === 'ArrowRight'
    ? undefined
    : sortableKeyboardCoordinates(event, args);

/** Announcements naming the item and its position ("position 2 of 5"). */
function useAnnouncements(ids: readonly string[], names: ReadonlyMap<string, string>): Announcements {
  // onDragOver also fires when the picked-up item is first over its own place; that would replace
  // the "Picked up" text, so only a change of place is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  return useMemo(() => {
    const name = (id: UniqueIdentifier) => names.get(String(id)) ?? String(id);
    const position = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return `Picked up ${name(active.id)}. It is in ${position(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return `${name(active.id)} was moved to ${position(over.id)}.`;
      },
      onDragEnd: ({ active, over }) =>
        `${name(active.id)} was dropped in ${position(over ? over.id : active.id)}.`,
      onDragCancel: ({ active }) =>
        `Reordering cancelled. ${name(active.id)} is back in ${position(active.id)}.`,
    };
  }, [ids, names]);
}

function useListSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );
}

/**
 * Vertical list reordered by drag and drop (mouse, touch) or by keyboard (Space or Enter on a row's
 * handle picks it up, arrows move it, Space or Enter drops, Escape cancels), with screen-reader
 * announcements. It only reports the move (`onReorder`); the owner changes `items`.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  renderItem,
  onReorder,
  label,
  disabled = false,
  className,
}: SortableListProps<T>) {
  const sensors = useListSensors();
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const names = useMemo(
    () => new Map(items.map((item) => [getId(item), getLabel(item)])),
    [items, getId, getLabel],
  );
  const announcements = useAnnouncements(ids, names);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) onReorder(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className={cx('pc-sortable-list', className)} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]!}
              name={getLabel(item)}
              disabled={disabled}
              renderContent={(isDragging) => renderItem(item, { index, isDragging })}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

type SortableRowProps = {
  id: string;
  name: string;
  disabled: boolean;
  renderContent: (isDragging: boolean) => ReactNode;
};

function SortableRow({ id, name, disabled, renderContent }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cx('pc-sortable-list__item', isDragging && 'pc-sortable-list__item--dragging')}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="pc-sortable-list__handle"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${name}`}
        disabled={disabled}
      >
        <GripIcon />
      </button>
      <div className="pc-sortable-list__content">{renderContent(isDragging)}</div>
    </li>
  );
}
