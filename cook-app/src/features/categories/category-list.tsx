import { Badge, EditIcon, EmptyState, IconButton, TrashIcon } from '@pitclock/design-system';
import { categoryOwnerLabel, isGlobalCategory } from '../../domain';
import type { Category } from '../../store';
import { useInlineEdit } from '../../lib/use-inline-edit';
import { CategoryEditForm } from './category-edit-form';
import { CATEGORIES_TEXT } from './messages';

export type CategoryListProps = {
  categories: readonly Category[];
  /** Id of the element naming the list (the screen's title). */
  labelledBy: string;
  onDelete: (category: Category) => void;
};

const NOTE_ID = 'pc-categories-note';

/** The categories, global ones read-only, own ones with inline edit and delete; the empty state when none. */
export function CategoryList({ categories, labelledBy, onDelete }: CategoryListProps) {
  if (categories.length === 0) {
    return (
      <EmptyState
        className="pc-categories-empty"
        title={CATEGORIES_TEXT.emptyTitle}
        text={CATEGORIES_TEXT.emptyText}
      />
    );
  }
  const hasGlobal = categories.some(isGlobalCategory);
  return (
    <>
      {hasGlobal ? (
        <p id={NOTE_ID} className="pc-categories-note">
          {CATEGORIES_TEXT.readOnlyNote}
        </p>
      ) : null}
      <ul
        className="pc-categories-list"
        aria-labelledby={labelledBy}
        aria-describedby={hasGlobal ? NOTE_ID : undefined}
      >
        {categories.map((category) => (
          <CategoryItem key={category.id} category={category} onDelete={onDelete} />
        ))}
      </ul>
    </>
  );
}

type CategoryItemProps = { category: Category; onDelete: (category: Category) => void };

function CategoryItem({ category, onDelete }: CategoryItemProps) {
  const { editing, editButtonRef, start, stop } = useInlineEdit();

  return (
    <li className="pc-categories-item">
      {editing ? (
        <CategoryEditForm category={category} onDone={stop} />
      ) : (
        <>
          <CategorySummary category={category} />
          {isGlobalCategory(category) ? null : (
            <span className="pc-categories-item__actions">
              <IconButton
                ref={editButtonRef}
                label={`Edit ${category.name}`}
                icon={<EditIcon />}
                onClick={start}
              />
              <IconButton
                label={`Delete ${category.name}`}
                icon={<TrashIcon />}
                onClick={() => onDelete(category)}
              />
            </span>
          )}
        </>
      )}
    </li>
  );
}

function CategorySummary({ category }: { category: Category }) {
  const global = isGlobalCategory(category);
  return (
    <div className="pc-categories-item__text">
      <span className="pc-categories-item__heading">
        <span className="pc-categories-item__name">{category.name}</span>
        <Badge tone={global ? 'neutral' : 'accent'} title={global ? CATEGORIES_TEXT.readOnlyNote : undefined}>
          {categoryOwnerLabel(category)}
        </Badge>
      </span>
      {category.description ? (
        <p className="pc-categories-item__description">{category.description}</p>
      ) : null}
    </div>
  );
}
