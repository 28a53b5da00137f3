import { useEffect, useRef, useState } from 'react';

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
