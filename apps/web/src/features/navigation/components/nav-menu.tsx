import type { ReactNode } from 'react';
import { Menu, UnstyledButton } from '@mantine/core';

export type MenuName = 'notifications' | 'responsible' | 'profile';

export interface MenuControl {
  openMenu: MenuName | null;
  setOpenMenu: (update: (current: MenuName | null) => MenuName | null) => void;
}

interface NavMenuProps extends MenuControl {
  name: MenuName;
  /** The button's visible content; its text is the button's accessible name. */
  label: ReactNode;
  ariaLabel?: string;
  testId: string;
  children: ReactNode;
}

/**
 * A top-navigation dropdown. The open menu is held by the navigation, so opening one closes the
 * others; Mantine's Menu adds aria-expanded/aria-controls, arrow keys, Escape and click-outside.
 * The dropdown stays in the header (no portal) so it reads in document order.
 */
export function NavMenu({ name, label, ariaLabel, testId, openMenu, setOpenMenu, children }: NavMenuProps) {
  return (
    <Menu
      opened={openMenu === name}
      onChange={(opened) => setOpenMenu((current) => (opened ? name : current === name ? null : current))}
      withinPortal={false}
      // Mantine's focus placeholder is a role=presentation child of role=menu, which axe rejects
      // (aria-required-children); without it focus goes straight to the first item.
      withInitialFocusPlaceholder={false}
      position="bottom-end"
      shadow="md"
      width={280}
      zIndex={300}
    >
      <Menu.Target>
        <UnstyledButton className="nav-menu-button" aria-label={ariaLabel} data-testid={testId}>
          {label}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-dropdown`}>{children}</Menu.Dropdown>
    </Menu>
  );
}
