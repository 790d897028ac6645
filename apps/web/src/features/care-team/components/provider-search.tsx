import { useEffect, useState, type FocusEvent } from 'react';
import { careTeamSearchMinLength, type ProviderDirectoryResult } from '@dermis/contract';
import { Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useApiClient } from '../../../lib/api';
import { t, tPlural } from '../../../lib/i18n';
import { searchProviders } from '../api/care-team';
import { addressLine, toMember } from './care-team-member';
import './provider-search.css';

interface ProviderSearchProps {
  onPick: (provider: ProviderDirectoryResult) => void;
  /** Focus left the search (blur) or Escape was pressed: the box hides (spec 001 §4). */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The add-provider search box (spec 001 §4, §5): fires above 2 characters (and again when the text
 * gets shorter while results show), hides when focus leaves the box and its results, or on Escape.
 */
export function ProviderSearch({ onPick, onClose }: ProviderSearchProps) {
  const client = useApiClient();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ProviderDirectoryResult[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const query = text.trim();
    if (query.length < careTeamSearchMinLength) return;
    let current = true;
    const timer = setTimeout(() => {
      searchProviders(client, query)
        .then((found) => {
          if (!current) return;
          setFailed(false);
          setResults(found);
        })
        .catch(() => current && setFailed(true));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, text]);

  const leave = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onClose(false);
  };

  return (
    <Stack
      gap="xs"
      onBlur={leave}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose(true);
        }
      }}
    >
      <TextInput
        label={t('careTeam.searchLabel')}
        // Spec 001 §5's hint is for a text too short to search; with results showing it has gone.
        description={text.trim().length < careTeamSearchMinLength ? t('careTeam.searchHint') : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        autoFocus
        autoComplete="off"
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          if (value.trim().length < careTeamSearchMinLength) setResults(null);
        }}
        data-testid="care-team-search"
      />
      <VisuallyHidden role="status">
        {results === null ? '' : tPlural('careTeam.resultsCount', results.length)}
      </VisuallyHidden>
      {failed && (
        <Text size="sm" c="red.9" role="alert" data-testid="care-team-search-failed">
          {t('careTeam.searchFailed')}
        </Text>
      )}
      {results !== null &&
        (results.length === 0 ? (
          <Text c="dimmed">{t('careTeam.noResults')}</Text>
        ) : (
          <Stack
            gap={2}
            p={4}
            component="ul"
            bd="1px solid var(--mantine-color-default-border)"
            bdrs="sm"
            aria-label={t('careTeam.searchLabel')}
            data-testid="care-team-results"
            mah={360}
            style={{ listStyle: 'none', padding: 0, margin: 0, overflowY: 'auto' }}
          >
            {results.map((provider) => {
              const member = toMember(provider);
              return (
                <li key={provider.npi}>
                  <UnstyledButton
                    className="provider-search-result"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onPick(provider)}
                  >
                    <Text span fw={600} size="sm" lh="inherit">
                      {member.addressBookInfo.name}
                      {provider.providerCredentialText ? `, ${provider.providerCredentialText}` : ''}
                    </Text>
                    <Text span size="sm" lh="inherit">
                      {' · '}
                      {[member.addressBookInfo.specialty, addressLine(member)].filter(Boolean).join(' · ')}
                    </Text>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        ))}
    </Stack>
  );
}
