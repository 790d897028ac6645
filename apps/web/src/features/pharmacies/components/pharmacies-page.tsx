import { Component, Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  formatPharmacyPhone,
  pharmacySearchMinLength,
  pharmacySearchTextMax,
  webRoutes,
  type Pharmacy,
} from '@dermis/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconHeart,
  IconHeartFilled,
  IconMapPin,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { useAppConfig } from '../../../lib/config/app-config';
import { errorMessage } from '../../../lib/api';
import { t, tPlural } from '../../../lib/i18n';
import {
  useFavoritePharmacies,
  useNearbyPharmacies,
  usePharmacySearch,
  useSaveFavoritePharmacy,
  type FavoriteChange,
} from '../api/pharmacies';
import { mapView, withFavorites } from '../map-view';
import { mapHeight } from './map-size';

/** How many pharmacies of the list are shown at first, and how many more each "Show more" adds (decision 160). */
export const pharmacyListPageSize = 20;

// Leaflet, its stylesheet and the US boundaries load with this page only (decision 088).
const PharmacyMap = lazy(() => import('./pharmacy-map'));

/** A failed map chunk leaves the list, which holds everything the map shows. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Alert color="gray" variant="light">
        {t('pharmacies.mapFailed')}
      </Alert>
    ) : (
      this.props.children
    );
  }
}

function addressLines(pharmacy: Pharmacy): string[] {
  const a = pharmacy.addressInformationInfo;
  return [a.streetAddressLn1, [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .map((line) => line ?? '')
    .filter((line) => line !== '');
}

function PharmacyDetails({ pharmacy, headingOrder }: { pharmacy: Pharmacy; headingOrder: 3 | 4 }) {
  const phone = formatPharmacyPhone(pharmacy.primaryPhoneNumber);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="wrap">
        <Title order={headingOrder} size="h5" fw={600}>
          {pharmacy.storeName}
        </Title>
        {pharmacy.favorite && (
          <Badge variant="light" leftSection={<IconHeartFilled size={12} aria-hidden />}>
            {t('pharmacies.favoriteBadge')}
          </Badge>
        )}
      </Group>
      {addressLines(pharmacy).map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      {phone && (
        <Text size="sm">
          {t('pharmacies.phone')}:{' '}
          <Anchor href={`tel:${pharmacy.primaryPhoneNumber ?? ''}`} size="sm">
            {phone}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

interface Pending {
  pharmacy: Pharmacy;
  change: FavoriteChange;
}

interface PharmaciesEditorProps {
  patientId: number;
  /** The home ZIP (5 digits) the vicinity list is searched by; null when the profile has none. */
  zipCode: string | null;
}

/**
 * The pharmacies page (spec 001 §2, §4 "Pharmacy", §8): favorites in the sidebar, a search, the map
 * and the list of pharmacies in the vicinity, kept in step. Every action is in the lists, so the page
 * works fully without the map (keyboard and screen reader).
 */
export function PharmaciesEditor({ patientId, zipCode }: PharmaciesEditorProps) {
  const config = useAppConfig();
  const favorites = useFavoritePharmacies(patientId);
  const nearby = useNearbyPharmacies(patientId, zipCode);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const searchText = debounced.length >= pharmacySearchMinLength ? debounced : '';
  const search = usePharmacySearch(patientId, searchText);
  const save = useSaveFavoritePharmacy(patientId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** The list position to focus once "Show more" has rendered it (the first newly shown pharmacy). */
  const focusIndex = useRef<number | null>(null);

  const searching = searchText !== '';
  const list = useMemo(
    () => (searching ? (search.data ?? []) : (nearby.data?.pharmacies ?? [])),
    [searching, search.data, nearby.data],
  );
  const listLoading = searching ? search.isPending : zipCode !== null && nearby.isPending;
  const listFailed = searching ? search.isError : nearby.isError;
  const favoriteList = useMemo(() => favorites.data ?? [], [favorites.data]);
  const onMap = useMemo(() => withFavorites(list, favoriteList), [list, favoriteList]);
  const view = useMemo(() => mapView({ zip: nearby.data?.location ?? null }), [nearby.data?.location]);

  // A new list (another search, or back to the vicinity) starts again at its first page; the same list
  // reloaded after a favorite changed keeps what is shown.
  const listKey = searching ? `search:${searchText}` : 'vicinity';
  const [shownCount, setShownCount] = useState(pharmacyListPageSize);
  const [shownKey, setShownKey] = useState(listKey);
  if (shownKey !== listKey) {
    // Adjusted while rendering (not in an effect), so the longer list is never drawn for a moment.
    setShownKey(listKey);
    setShownCount(pharmacyListPageSize);
  }
  /** Selects a pharmacy; the map shows them all, so one beyond the first pages shows the list up to it. */
  const select = (id: number) => {
    setSelectedId(id);
    const index = list.findIndex((pharmacy) => pharmacy.id === id);
    if (index >= shownCount) setShownCount(index + 1);
  };
  const shown = useMemo(() => list.slice(0, shownCount), [list, shownCount]);
  const rows = useScreenfulFirst(shown);
  const remaining = list.length - shown.length;

  // "Show more" moves the focus to the first pharmacy it added, so a keyboard user goes on from there.
  useEffect(() => {
    if (focusIndex.current === null) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    const item = items?.[focusIndex.current];
    if (!item) return;
    focusIndex.current = null;
    item.focus();
  }, [shown]);

  // A marker chosen on the map brings its list entry into view (within the list's own scroll box).
  useEffect(() => {
    if (selectedId === null) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-pharmacy-id="${selectedId}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId, shown]);

  const confirm = () => {
    if (!pending) return;
    const { pharmacy, change } = pending;
    save.mutate(
      { pharmacy, change },
      {
        onSuccess: () => setPending(null),
        onError: (failure) => {
          setPending(null);
          setError(
            errorMessage(failure, t(change === 'NEW' ? 'pharmacies.addFailed' : 'pharmacies.removeFailed')),
          );
        },
      },
    );
  };

  const favoriteButton = (pharmacy: Pharmacy) =>
    pharmacy.favorite ? (
      <Button
        variant="default"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={t('pharmacies.removeNamed', { name: pharmacy.storeName })}
        onClick={() => setPending({ pharmacy, change: 'DELETED' })}
      >
        {t('pharmacies.remove')}
      </Button>
    ) : (
      <Button
        variant="light"
        size="xs"
        leftSection={<IconHeart size={14} aria-hidden />}
        aria-label={t('pharmacies.addNamed', { name: pharmacy.storeName })}
        onClick={() => setPending({ pharmacy, change: 'NEW' })}
      >
        {t('pharmacies.add')}
      </Button>
    );

  const listTitle = searching
    ? t('pharmacies.searchResults', { text: searchText })
    : t('pharmacies.vicinity');

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SectionCard title={t('pharmacies.favorites')} testId="favorite-pharmacies">
          {favorites.isPending ? (
            <ListSkeleton rows={2} label={t('pharmacies.loadingFavorites')} />
          ) : favorites.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t('pharmacies.favoritesFailed')}
            </Alert>
          ) : favoriteList.length === 0 ? (
            <EmptyState icon={IconBuildingStore} message={t('pharmacies.favoritesEmpty')} />
          ) : (
            <Stack
              component="ul"
              gap="xs"
              aria-label={t('pharmacies.favorites')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {favoriteList.map((pharmacy) => (
                <Paper component="li" key={pharmacy.id} withBorder p="sm" data-favorite-id={pharmacy.id}>
                  <Stack gap="xs">
                    <PharmacyDetails pharmacy={pharmacy} headingOrder={3} />
                    <Group gap="xs">
                      {favoriteButton(pharmacy)}
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconMapPin size={14} aria-hidden />}
                        aria-label={t('pharmacies.showOnMapNamed', { name: pharmacy.storeName })}
                        aria-pressed={selectedId === pharmacy.id}
                        onClick={() => select(pharmacy.id)}
                      >
                        {t('pharmacies.showOnMap')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </SectionCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <TextInput
            label={t('pharmacies.searchLabel')}
            description={t('pharmacies.searchHint')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            maxLength={pharmacySearchTextMax}
            onChange={(event) => setText(event.currentTarget.value)}
            rightSection={
              text !== '' ? (
                <CloseButton aria-label={t('pharmacies.clearSearch')} onClick={() => setText('')} />
              ) : null
            }
            data-testid="pharmacy-search"
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <MapBoundary>
                <Suspense
                  // A plain div may not carry a name (axe: aria-prohibited-attr); a status region may.
                  fallback={
                    <Skeleton
                      h={mapHeight}
                      radius="md"
                      role="status"
                      aria-label={t('pharmacies.mapLoading')}
                    />
                  }
                >
                  <PharmacyMap
                    pharmacies={onMap}
                    view={view}
                    homeLabel={
                      nearby.data?.zipCode
                        ? t('pharmacies.mapHomeZip', { zip: nearby.data.zipCode })
                        : t('pharmacies.mapHome')
                    }
                    selectedId={selectedId}
                    onSelect={select}
                    fitToPharmacies={searching}
                    tileUrl={config?.mapTileUrl ?? null}
                    tileAttribution={config?.mapTileAttribution ?? null}
                    pmtilesUrl={config?.mapPmtilesUrl ?? null}
                  />
                </Suspense>
              </MapBoundary>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper component="section" withBorder radius="md" p="sm" aria-labelledby="pharmacy-list-title">
                <Stack gap="xs">
                  <Title order={2} size="h4" id="pharmacy-list-title">
                    {listTitle}
                  </Title>
                  {listLoading ? (
                    <ListSkeleton rows={4} label={t('pharmacies.loadingList')} />
                  ) : listFailed ? (
                    <Alert color="red" variant="light" role="alert">
                      {t('pharmacies.searchFailed')}
                    </Alert>
                  ) : !searching && zipCode === null ? (
                    <EmptyState
                      icon={IconMapPin}
                      message={t('pharmacies.noZip')}
                      action={
                        <Anchor component={Link} to={webRoutes.editProfile}>
                          {t('pharmacies.editProfile')}
                        </Anchor>
                      }
                    />
                  ) : list.length === 0 ? (
                    <EmptyState
                      icon={IconSearch}
                      message={
                        searching
                          ? t('pharmacies.noResults')
                          : t('pharmacies.noNearby', { zip: zipCode ?? '' })
                      }
                    />
                  ) : (
                    <>
                      <Text size="sm" c="dimmed" aria-live="polite" data-testid="pharmacy-list-count">
                        {/* The total decides the form (decision 164); "Show more" is there only past a
                            full page, so Spanish's verb, which agrees with the shown, is plural too. */}
                        {remaining > 0
                          ? tPlural('pharmacies.shownCount', list.length, {
                              shown: shown.length,
                              total: list.length,
                            })
                          : tPlural('pharmacies.resultCount', list.length)}
                      </Text>
                      <Box
                        component="ul"
                        ref={listRef}
                        aria-labelledby="pharmacy-list-title"
                        mah={{ lg: mapHeight - 70 }}
                        style={{ listStyle: 'none', padding: 0, margin: 0, overflowY: 'auto' }}
                        data-testid="pharmacy-list"
                        data-rows-pending={rows.pending || undefined}
                      >
                        {rows.items.map((pharmacy) => {
                          const selected = selectedId === pharmacy.id;
                          return (
                            <Paper
                              component="li"
                              key={pharmacy.id}
                              withBorder
                              p="sm"
                              mb="xs"
                              tabIndex={-1}
                              data-pharmacy-id={pharmacy.id}
                              data-selected={selected || undefined}
                              style={
                                selected
                                  ? {
                                      borderColor: 'var(--mantine-primary-color-filled)',
                                      boxShadow: 'inset 4px 0 0 var(--mantine-primary-color-filled)',
                                    }
                                  : undefined
                              }
                            >
                              <Stack gap="xs">
                                <Group justify="space-between" align="flex-start" wrap="nowrap">
                                  <PharmacyDetails pharmacy={pharmacy} headingOrder={3} />
                                  {pharmacy.distanceMiles !== null && (
                                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                      {t('pharmacies.distance', { miles: pharmacy.distanceMiles.toFixed(1) })}
                                    </Text>
                                  )}
                                </Group>
                                <Group gap="xs">
                                  {favoriteButton(pharmacy)}
                                  {pharmacy.latitude !== null && pharmacy.longitude !== null && (
                                    <Button
                                      variant="subtle"
                                      size="xs"
                                      leftSection={<IconMapPin size={14} aria-hidden />}
                                      aria-label={t('pharmacies.showOnMapNamed', {
                                        name: pharmacy.storeName,
                                      })}
                                      aria-pressed={selected}
                                      onClick={() => select(pharmacy.id)}
                                    >
                                      {t('pharmacies.showOnMap')}
                                    </Button>
                                  )}
                                </Group>
                              </Stack>
                            </Paper>
                          );
                        })}
                      </Box>
                      {remaining > 0 && (
                        <Button
                          variant="default"
                          fullWidth
                          // A button's label stays on one line and is clipped; in the narrow list column
                          // (1366 px screens, Spanish) it must wrap instead.
                          h="auto"
                          mih={36}
                          py={6}
                          styles={{
                            label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' },
                          }}
                          onClick={() => {
                            focusIndex.current = shown.length;
                            setShownCount(shown.length + pharmacyListPageSize);
                          }}
                          data-testid="pharmacy-show-more"
                        >
                          {tPlural('pharmacies.showMore', remaining, { remaining })}
                        </Button>
                      )}
                    </>
                  )}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      </Grid.Col>
      <ConfirmModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.change === 'DELETED' ? t('pharmacies.removeTitle') : t('pharmacies.addTitle')}
        confirmLabel={t('pharmacies.ok')}
        danger={pending?.change === 'DELETED'}
        loading={save.isPending}
        confirmTestId="pharmacy-confirm"
        onConfirm={confirm}
      >
        <Text>
          {pending?.change === 'DELETED'
            ? t('pharmacies.removeConfirm', { name: pending.pharmacy.storeName })
            : t('pharmacies.addConfirm', { name: pending?.pharmacy.storeName ?? '' })}
        </Text>
      </ConfirmModal>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </Grid>
  );
}
