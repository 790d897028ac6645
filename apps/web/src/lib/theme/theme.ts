import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type PasswordInputProps,
} from '@mantine/core';

/**
 * A dark teal. Shade 8 (#07666c) is the primary: 6.7:1 against white, so links, outlines and white
 * text on filled buttons pass WCAG AA (4.5:1); Mantine's default blue-6 reaches only 3.6:1.
 */
const dermis: MantineColorsTuple = [
  '#e6f6f7',
  '#cdeced',
  '#9ed8db',
  '#6cc3c8',
  '#43b1b7',
  '#28a5ac',
  '#149ea6',
  '#0b7f86',
  '#07666c',
  '#034e53',
];

export const theme = createTheme({
  primaryColor: 'dermis',
  primaryShade: 8,
  colors: { dermis },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // A patient who asked the system for less motion gets modals and drawers without fading.
  respectReducedMotion: true,
  // Plain objects typed against the props, not `Modal.extend(...)`: `extend` is a value import, and
  // importing Modal and Drawer here put them (with floating-ui and the scroll lock) in the entry chunk
  // that /login downloads (decision 049).
  components: {
    // The show/hide toggle is a control like any other: reachable with Tab.
    PasswordInput: {
      defaultProps: { visibilityToggleFocusable: true } satisfies Partial<PasswordInputProps>,
    },
    // Mantine draws a modal's title bar as <header>; inside a dialog it must not add a second
    // banner landmark (axe landmark-no-duplicate-banner / landmark-unique on every modal).
    Modal: {
      defaultProps: { attributes: { header: { role: 'presentation' } } } satisfies Partial<ModalProps>,
    },
    Drawer: {
      defaultProps: { attributes: { header: { role: 'presentation' } } } satisfies Partial<DrawerProps>,
    },
  },
});

/**
 * Mantine's light theme draws error text in red-6 (3.3:1) and "dimmed" text in gray-6 (3.3:1);
 * both fail AA on white, so they move to red-9 (5.5:1) and gray-7 (8.2:1). Input, radio and button
 * borders move from gray-4 (1.5:1) to gray-6 (3.3:1), the 3:1 that WCAG asks of control outlines.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-default-border': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
