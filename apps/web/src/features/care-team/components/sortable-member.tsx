import type { CareTeamMember } from '@dermis/contract';
import { ActionIcon, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { t } from '../../../lib/i18n';
import { addressLine, displayName, memberKey } from './care-team-member';
import './sortable-member.css';

interface SortableMemberProps {
  member: CareTeamMember;
  onRemove: (member: CareTeamMember) => void;
}

/** One card of the team: the drag handle (mouse, touch and keyboard), the provider, remove. */
export function SortableMember({ member, onRemove }: SortableMemberProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: memberKey(member),
      attributes: { roleDescription: t('careTeam.roleDescription') },
    });
  const name = member.addressBookInfo.name;
  const npi = member.addressBookInfo.npi;
  return (
    <Paper
      ref={setNodeRef}
      component="li"
      withBorder
      radius="md"
      p="sm"
      shadow={isDragging ? 'md' : undefined}
      data-testid="care-team-member"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        borderColor: member.defaultReferringPhysician ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      {/* A grid, not a row: on a phone the handle, the position and remove take a line above the
          provider, who then has the card's whole width (sortable-member.css). */}
      <Box className="care-team-member-grid">
        <ActionIcon
          ref={setActivatorNodeRef}
          className="care-team-member-handle"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('careTeam.dragHandle', { name })}
          data-testid="care-team-handle"
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={20} aria-hidden />
        </ActionIcon>
        <Text
          fw={700}
          size="lg"
          w={26}
          className="care-team-member-position"
          aria-label={t('careTeam.position', { position: member.order })}
        >
          {member.order}.
        </Text>
        {/* The spacing of the other pages' cards (past visits, the phone's table cards): the name, the
            specialty and the address read as separate fields, not one block. */}
        <Stack gap={6} className="care-team-member-provider">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} lh={1.35} style={{ overflowWrap: 'anywhere' }}>
              {displayName(member)}
            </Text>
            {member.defaultReferringPhysician && (
              <Badge
                variant="light"
                tt="none"
                styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
                leftSection={<IconStarFilled size={12} aria-hidden />}
                data-testid="care-team-referring"
              >
                {t('careTeam.referringPhysician')}
              </Badge>
            )}
          </Group>
          {member.addressBookInfo.specialty && <Text size="sm">{member.addressBookInfo.specialty}</Text>}
          <Text size="sm" c="dimmed">
            {[addressLine(member), npi ? t('careTeam.npi', { npi }) : null].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <ActionIcon
          className="care-team-member-remove"
          variant="subtle"
          color="red.9"
          size="lg"
          aria-label={t('careTeam.removeNamed', { name })}
          onClick={() => onRemove(member)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Box>
    </Paper>
  );
}
