export { theme, cssVariablesResolver } from './theme';
