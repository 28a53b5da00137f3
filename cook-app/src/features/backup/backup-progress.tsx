import { Banner, ProgressBar } from '@pitclock/design-system';
import { BACKUP_TEXT } from './messages';
import type { TaskState } from './use-backup-task';

/**
 * The progress of a backup or restore: a determinate bar over its stages (prepare -> upload -> done;
 * download -> validate -> apply -> done), then the outcome: green on success, red with the failure text.
 */
export function BackupProgress({ task }: { task: TaskState | null }) {
  if (!task) return null;
  const index = Math.max(0, task.stages.indexOf(task.stage));
  const stageText = BACKUP_TEXT.stages[task.stage];
  const failed = task.outcome !== null && !task.outcome.ok;
  return (
    <div className="pc-backup__progress">
      <ProgressBar
        label={task.label}
        value={index + 1}
        max={task.stages.length}
        showValue
        valueText={BACKUP_TEXT.stageOf(stageText, index + 1, task.stages.length)}
        tone={failed ? 'red' : task.outcome?.ok ? 'green' : 'accent'}
      />
      {task.outcome ? <Banner tone={task.outcome.ok ? 'green' : 'red'}>{task.outcome.text}</Banner> : null}
    </div>
  );
}
