import { Badge, Button, Modal, Table, type TableColumn } from '@pitclock/design-system';
import type { LocationMatch } from '../../store';
import { WEATHER_TEXT } from './messages';
import { placeLabel } from './weather-view';

export type LocationChoiceModalProps = {
  open: boolean;
  onClose: () => void;
  /** The normalised location they match ('Springfield, TX'). */
  location: string;
  matches: readonly LocationMatch[];
  /** The match in use now, if any. */
  inUse: LocationMatch | null;
  onChoose: (match: LocationMatch) => void;
};

const region = (m: LocationMatch) => [m.admin2, m.admin1].filter(Boolean).join(', ');

/** The location-choice dialog (SPEC.md section 2): the geocoding matches with name, region, country, population and elevation. */
export function LocationChoiceModal({
  open,
  onClose,
  location,
  matches,
  inUse,
  onChoose,
}: LocationChoiceModalProps) {
  const columns: TableColumn<LocationMatch>[] = [
    {
      id: 'name',
      header: WEATHER_TEXT.name,
      rowHeader: true,
      cell: (m) => (
        <>
          {m.name}
          {m === inUse ? (
            <>
              {' '}
              <Badge tone="info">{WEATHER_TEXT.chosen}</Badge>
            </>
          ) : null}
        </>
      ),
    },
    { id: 'region', header: WEATHER_TEXT.region, cell: region },
    { id: 'country', header: WEATHER_TEXT.country, cell: (m) => m.country ?? '' },
    {
      id: 'population',
      header: WEATHER_TEXT.population,
      align: 'end',
      cell: (m) => (m.population === null ? '—' : WEATHER_TEXT.count(m.population)),
    },
    {
      id: 'elevation',
      header: WEATHER_TEXT.elevation,
      align: 'end',
      cell: (m) => (m.elevation === null ? '—' : WEATHER_TEXT.metres(m.elevation)),
    },
    {
      id: 'choose',
      header: 'Choose',
      hideHeader: true,
      align: 'end',
      cell: (m) => (
        <Button
          variant={m === inUse ? 'secondary' : 'primary'}
          aria-label={WEATHER_TEXT.choosePlace(placeLabel(m))}
          onClick={() => onChoose(m)}
        >
          Use
        </Button>
      ),
    },
  ];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={WEATHER_TEXT.chooseTitle}
      description={WEATHER_TEXT.chooseDescription(location)}
      size="lg"
    >
      <Table<LocationMatch>
        caption={WEATHER_TEXT.chooseTitle}
        hideCaption
        columns={columns}
        rows={matches}
        getRowKey={(m, i) => `${m.latitude},${m.longitude},${i}`}
        stackBelow="sm"
      />
    </Modal>
  );
}
