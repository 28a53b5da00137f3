import { useCallback, useState } from 'react';
import { failureText } from './backup-failure';
import type { BackupStage, ReportStage } from './backup-tasks';

/** Resolves after the pending work of the page, so that React renders (and the browser paints) a stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Which part of the section started the task (its progress is shown there). */
export type TaskOrigin = 'file' | 'cloud';

export type TaskState = {
  origin: TaskOrigin;
  /** The progress bar's name: 'Backup progress' or 'Restore progress'. */
  label: string;
  stages: readonly BackupStage[];
  stage: BackupStage;
  outcome: null | { ok: boolean; text: string };
};

export type StartTask = (
  task: { origin: TaskOrigin; label: string; stages: readonly BackupStage[]; fallback: string },
  work: (report: ReportStage) => Promise<string>,
) => Promise<void>;

/** One backup or restore at a time: its stage, then its outcome text (success or failure). */
export function useBackupTask(): { task: TaskState | null; busy: boolean; start: StartTask } {
  const [task, setTask] = useState<TaskState | null>(null);
  const busy = task !== null && task.outcome === null;

  const start = useCallback<StartTask>(async ({ origin, label, stages, fallback }, work) => {
    setTask({ origin, label, stages, stage: stages[0] ?? 'done', outcome: null });
    const report: ReportStage = (stage) => {
      setTask((t) => (t ? { ...t, stage } : t));
      return nextTask();
    };
    try {
      const text = await work(report);
      setTask((t) => (t ? { ...t, stage: 'done', outcome: { ok: true, text } } : t));
    } catch (failure) {
      setTask((t) => (t ? { ...t, outcome: { ok: false, text: failureText(failure, fallback) } } : t));
    }
  }, []);

  return { task, busy, start };
}
