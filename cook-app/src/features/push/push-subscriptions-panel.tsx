import { useEffect, useState } from 'react';
import { api, errorText, session, type ApiClient } from '@pitclock/contracts';
import type { PushSubscriptionView } from '@pitclock/contracts/schemas';
import { Badge, Banner, Button, Spinner, Table, type TableColumn } from '@pitclock/design-system';
import { formatDateTime, parseInstant } from '../../domain';
import { deviceTimeZone, useLocale } from '../../lib/display-prefs';
import { PUSH_TEXT } from './messages';
import { listSubscriptions, sendTestPush } from './push-api';
import './push.css';

export type PushSubscriptionsPanelProps = {
  /** Default the app's `api`. */
  client?: ApiClient;
  /** This device's id, to mark its row (default the session's). */
  deviceId?: () => string;
  /** Zone the times are shown in (default the device's). */
  timeZone?: string;
};

type Loaded = { request: number } & (
  { ok: true; subscriptions: PushSubscriptionView[] } | { ok: false; error: string }
);

type TestState =
  { status: 'idle' | 'sending' } | { status: 'sent'; text: string } | { status: 'failed'; error: string };

const pageDeviceId = () => session.getDeviceId();

/**
 * The date and time in `timeZone`, in the locale's way ('Jun 1, 2026, 2:30 PM'; 'YYYY-MM-DD HH:MM'
 * without a locale); 'Never' for none; the text as is when it is not an instant.
 */
export function formatWhen(value: string | null, timeZone: string, locale?: string): string {
  if (value === null) return PUSH_TEXT.never;
  const ms = parseInstant(value);
  return ms === null ? value : formatDateTime(ms, timeZone, locale);
}

function columns(ownDeviceId: string, timeZone: string, locale: string): TableColumn<PushSubscriptionView>[] {
  return [
    {
      id: 'device',
      header: PUSH_TEXT.columns.device,
      rowHeader: true,
      cell: ({ device_id }) => (
        <span className="pc-push-subs__device">
          {device_id !== null && device_id === ownDeviceId ? (
            <Badge tone="green">{PUSH_TEXT.thisDevice}</Badge>
          ) : null}
          <span className="pc-push-subs__device-id">{device_id ?? PUSH_TEXT.unknownDevice}</span>
        </span>
      ),
    },
    { id: 'origin', header: PUSH_TEXT.columns.origin, cell: (row) => row.endpoint_origin },
    {
      id: 'created',
      header: PUSH_TEXT.columns.created,
      hideBelow: 'md',
      cell: (row) => formatWhen(row.created_at, timeZone, locale),
    },
    {
      id: 'success',
      header: PUSH_TEXT.columns.lastSuccess,
      cell: (row) => formatWhen(row.last_success_at, timeZone, locale),
    },
    {
      id: 'failure',
      header: PUSH_TEXT.columns.lastFailure,
      cell: (row) => formatWhen(row.last_failure_at, timeZone, locale),
    },
  ];
}

/**
 * About's push subscriptions (SPEC.md section 2 "push subscriptions, test push"): every device of the
 * signed-in user with its push service, when it was added and when a push last reached it or failed;
 * this device's row is marked. 'Send test push' pushes to all of them and tells how it went, then the
 * list is read again (the delivery times changed).
 */
export function PushSubscriptionsPanel({
  client = api,
  deviceId = pageDeviceId,
  timeZone = deviceTimeZone(),
}: PushSubscriptionsPanelProps) {
  const locale = useLocale();
  const [request, setRequest] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [test, setTest] = useState<TestState>({ status: 'idle' });

  useEffect(() => {
    let live = true;
    listSubscriptions(client).then(
      (subscriptions) => live && setLoaded({ request, ok: true, subscriptions }),
      (failure: unknown) =>
        live && setLoaded({ request, ok: false, error: errorText(failure, PUSH_TEXT.loadFailed) }),
    );
    return () => {
      live = false;
    };
  }, [client, request]);

  const loading = loaded?.request !== request;
  const reload = () => setRequest((n) => n + 1);

  const sendTest = async () => {
    setTest({ status: 'sending' });
    try {
      setTest({ status: 'sent', text: PUSH_TEXT.testResult(await sendTestPush(client)) });
      reload();
    } catch (failure) {
      setTest({ status: 'failed', error: errorText(failure, PUSH_TEXT.testFailed) });
    }
  };

  return (
    <div className="pc-push-subs" aria-busy={loading || undefined}>
      <div className="pc-push-subs__actions">
        <Button onClick={() => void sendTest()} loading={test.status === 'sending'}>
          {PUSH_TEXT.sendTest}
        </Button>
        <Button variant="secondary" onClick={reload} disabled={loading}>
          {PUSH_TEXT.refresh}
        </Button>
        {loading ? <Spinner size="sm" label={PUSH_TEXT.loadingSubscriptions} /> : null}
      </div>
      <div role="status" className="pc-push-subs__result">
        {test.status === 'sent' ? test.text : null}
      </div>
      {test.status === 'failed' ? <Banner tone="red">{test.error}</Banner> : null}
      {loaded && !loaded.ok ? <Banner tone="red">{loaded.error}</Banner> : null}
      {loaded?.ok ? (
        <Table
          caption={PUSH_TEXT.subscriptionsCaption}
          hideCaption
          dense
          columns={columns(deviceId(), timeZone, locale)}
          rows={loaded.subscriptions}
          getRowKey={(row) => row.id}
          empty={PUSH_TEXT.noSubscriptions}
        />
      ) : null}
    </div>
  );
}
