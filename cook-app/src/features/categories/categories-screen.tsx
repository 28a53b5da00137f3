import { useEffect, useRef, useState } from 'react';
import { Banner, Button, ConfirmDialog, Modal, PlusIcon, Spinner } from '@pitclock/design-system';
import { FAILURE_MESSAGES, getCategories, selectCategories, useCookSelector } from '../../store';
import { useStoreLoad } from '../../lib/use-store-load';
import { AddCategoryModal } from './add-category-modal';
import { CategoryList } from './category-list';
import { CATEGORIES_TEXT } from './messages';
import { useCategoryDelete } from './use-category-delete';
import '../../lib/screen.css';
import './categories.css';

const TITLE_ID = 'pc-categories-title';

/** The Categories screen (/categories, SPEC.md section 2): list, add dialog, inline edit and delete. */
export function CategoriesScreen() {
  const categories = useCookSelector(selectCategories);
  const { loading, loadError } = useStoreLoad(
    (dispatch) => dispatch(getCategories()).unwrap(),
    FAILURE_MESSAGES.loadCategories,
  );
  const [adding, setAdding] = useState(false);
  const deletion = useCategoryDelete();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (deletion.deletedCount > 0) titleRef.current?.focus();
  }, [deletion.deletedCount]);

  const nothingYet = categories.length === 0;

  return (
    <section className="pc-screen pc-categories" aria-labelledby={TITLE_ID}>
      <header className="pc-screen__header">
        <h1 id={TITLE_ID} ref={titleRef} tabIndex={-1} className="pc-screen__title">
          {CATEGORIES_TEXT.title}
        </h1>
        <Button icon={<PlusIcon />} onClick={() => setAdding(true)}>
          {CATEGORIES_TEXT.add}
        </Button>
      </header>

      {loadError ? <Banner tone="red">{loadError}</Banner> : null}

      {loading && nothingYet ? (
        <Spinner label={CATEGORIES_TEXT.loading} />
      ) : loadError && nothingYet ? null : (
        <CategoryList categories={categories} labelledBy={TITLE_ID} onDelete={deletion.ask} />
      )}

      <AddCategoryModal open={adding} onClose={() => setAdding(false)} />

      <ConfirmDialog
        open={deletion.confirming !== null}
        title={CATEGORIES_TEXT.deleteTitle}
        message={deletion.confirming ? CATEGORIES_TEXT.deleteQuestion(deletion.confirming.name) : ''}
        confirmLabel="Delete"
        destructive
        busy={deletion.busy}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />

      <Modal
        open={deletion.problem !== null}
        onClose={deletion.clearProblem}
        title={CATEGORIES_TEXT.notDeletedTitle}
        description={deletion.problem}
        size="sm"
        role="alertdialog"
        hideCloseButton
        footer={<Button onClick={deletion.clearProblem}>OK</Button>}
      />
    </section>
  );
}
