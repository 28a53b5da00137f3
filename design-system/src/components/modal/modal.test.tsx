import { useState, type ReactNode } from 'react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button/button';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { FormDialog } from '../form-dialog/form-dialog';
import { SidePanel } from '../side-panel/side-panel';
import { Modal } from './modal';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        title="Edit step"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <label>
          Name <input defaultValue="Wrap" />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog rendered into document.body, with focus moved inside on open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit step' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const input = within(dialog).getByLabelText('Name');

    expect(input).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab(); // last -> wraps to first
    expect(close).toHaveFocus();
    await user.tab({ shift: true }); // first -> wraps to last
    expect(save).toHaveFocus();
    for (let i = 0; i < 7; i += 1) await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('still closes on Escape when the focused control inside was disabled and focus fell to the page', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes from the close button and the backdrop, but not from a click inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open title="Hello" onClose={onClose}>
        <p>Body text</p>
      </Modal>,
    );
    await user.click(screen.getByText('Body text'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(document.querySelector('.pc-overlay__backdrop') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it.each(['sm', 'md', 'lg', 'xl', 'full'] as const)('applies size %s as a class', (size) => {
    render(<Modal open title="Sized" size={size} onClose={() => {}} />);
    expect(screen.getByRole('dialog')).toHaveClass(`pc-modal--${size}`);
  });

  it('with a confirm dialog on top, Escape closes only the top one', async () => {
    const user = userEvent.setup();
    const closeModal = vi.fn();
    const cancelConfirm = vi.fn();
    function Stacked() {
      const [confirming, setConfirming] = useState(true);
      return (
        <Modal open title="Template" onClose={closeModal}>
          <Button>Inside</Button>
          <ConfirmDialog
            open={confirming}
            title="Delete this step?"
            destructive
            onConfirm={() => setConfirming(false)}
            onCancel={() => {
              cancelConfirm();
              setConfirming(false);
            }}
          />
        </Modal>
      );
    }
    render(<Stacked />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(cancelConfirm).toHaveBeenCalledTimes(1);
    expect(closeModal).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Template' })).toBeInTheDocument();
  });
});

describe('SidePanel', () => {
  it('traps focus, closes on Escape and restores focus', async () => {
    const user = userEvent.setup();
    function PanelHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Menu</Button>
          <SidePanel open={open} onClose={() => setOpen(false)} title="Navigation">
            <a href="#a">First link</a>
          </SidePanel>
        </>
      );
    }
    render(<PanelHarness />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    await user.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Navigation' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(within(panel).getByRole('link', { name: 'First link' })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'First link' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('confirms with the confirm button and cancels with Cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Revoke this device license?"
        confirmLabel="Revoke"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this device license?' });
    const revoke = within(dialog).getByRole('button', { name: 'Revoke' });
    expect(revoke).toHaveClass('pc-button--danger');
    await user.click(revoke);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('dialogs on a page with its own landmarks', () => {
  const landmarkRules = [
    'landmark-no-duplicate-banner',
    'landmark-no-duplicate-contentinfo',
    'landmark-unique',
  ];

  /** A page as the shell draws it: a banner, the main content and a contentinfo, plus `overlay`. */
  function Page({ overlay }: { overlay: ReactNode }) {
    return (
      <>
        <header>PitClock</header>
        <main>
          <h1>Cook-off</h1>
        </main>
        <footer>Version 1</footer>
        {overlay}
      </>
    );
  }

  it.each([
    [
      'Modal with a footer',
      <Modal key="m" open title="Edit" onClose={() => {}} footer={<Button>Save</Button>} />,
    ],
    [
      'SidePanel with a footer',
      <SidePanel key="s" open title="Manage templates" onClose={() => {}} footer={<Button>Done</Button>} />,
    ],
    [
      'ConfirmDialog',
      <ConfirmDialog key="c" open title="Delete?" onConfirm={() => {}} onCancel={() => {}} destructive />,
    ],
    [
      'FormDialog',
      <FormDialog key="f" open title="Add" onClose={() => {}} onSubmit={() => {}} submitLabel="Create">
        <label>
          Name <input />
        </label>
      </FormDialog>,
    ],
  ])('an open %s adds no second banner or contentinfo (axe landmark rules)', async (_name, overlay) => {
    render(<Page overlay={overlay} />);
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    const result = await axe.run(document.body, { runOnly: landmarkRules });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
