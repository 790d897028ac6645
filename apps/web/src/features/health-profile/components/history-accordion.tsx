import { useState, type ReactNode } from 'react';
import { Accordion, ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../../lib/i18n';
import { hasPlusButton, historyBlocks, type HistoryBlock } from '../blocks';

export interface BlockState {
  /** The plus was pressed: the block shows its search input (until it loses focus). */
  searching: boolean;
  closeSearch: () => void;
}

interface HistoryAccordionProps {
  renderBlock: (block: HistoryBlock, state: BlockState) => ReactNode;
  /** No plus buttons (a read-only view). */
  readOnly?: boolean;
}

/**
 * The seven history blocks (spec 001 §2): every block open on load, each toggles, and pressing a
 * block's plus forces it open and shows its search input, which hides again on blur.
 */
export function HistoryAccordion({ renderBlock, readOnly = false }: HistoryAccordionProps) {
  const [open, setOpen] = useState<string[]>([...historyBlocks]);
  const [searching, setSearching] = useState<HistoryBlock | null>(null);

  function plus(block: HistoryBlock) {
    setOpen((current) => (current.includes(block) ? current : [...current, block]));
    setSearching(block);
  }

  return (
    <Accordion multiple value={open} onChange={setOpen} variant="separated" chevronPosition="left">
      {historyBlocks.map((block) => {
        const name = t(`history.section.${block}`);
        return (
          <Accordion.Item key={block} value={block} data-testid={`history-block-${block}`}>
            <Box style={{ display: 'flex', alignItems: 'center' }}>
              <Accordion.Control>{name}</Accordion.Control>
              {!readOnly && hasPlusButton(block) && (
                <Tooltip label={t('healthProfile.add', { section: name })} withinPortal={false}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    mr="xs"
                    aria-label={t('healthProfile.add', { section: name })}
                    onClick={() => plus(block)}
                  >
                    <IconPlus size={20} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Box>
            <Accordion.Panel>
              {renderBlock(block, {
                searching: searching === block,
                closeSearch: () => setSearching((current) => (current === block ? null : current)),
              })}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
