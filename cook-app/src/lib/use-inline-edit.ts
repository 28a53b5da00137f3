import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A row's inline edit: whether its form is open, and the ref of the Edit button that the form
 * replaces, which gets the focus back when the form closes (its own elements are gone by then).
 */
export function useInlineEdit() {
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButtonRef.current?.focus();
  }, [editing]);

  return {
    editing,
    editButtonRef,
    start: () => setEditing(true),
    stop: () => {
      refocus.current = true;
      setEditing(false);
    },
  };
}

/**
 * The inline edit of one row of a list or table at a time, whose Edit button stays in the row while the
 * form is open: which row is edited, and a ref per row's Edit button, which gets the focus back when the
 * form closes (Save, Cancel, Escape), since the focus was inside the form that is gone by then.
 */
export function useRowInlineEdit() {
  const [editingId, setEditingId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocusId = useRef<string | null>(null);

  useEffect(() => {
    const id = refocusId.current;
    if (editingId !== null || id === null) return;
    refocusId.current = null;
    buttons.current.get(id)?.focus();
  }, [editingId]);

  const editButtonRef = useCallback(
    (id: string) => (button: HTMLButtonElement | null) => {
      if (button) buttons.current.set(id, button);
      else if (buttons.current.get(id)?.isConnected === false) buttons.current.delete(id);
    },
    [],
  );

  return {
    editingId,
    editButtonRef,
    start: (id: string) => {
      refocusId.current = null;
      setEditingId(id);
    },
    stop: () => {
      refocusId.current = editingId;
      setEditingId(null);
    },
  };
}
