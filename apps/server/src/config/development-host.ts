/**
 * The start-up warning for a development server that other machines can reach. Development mode is
 * for the machine it runs on (the quick start): its demo accounts have published passwords and its
 * tools are for one developer. The mailbox answers only this machine whatever HOST says, but a
 * server that listens beyond it should be told, at start, that it is not set up for others.
 */
import type { Config } from './env';
import { isLoopbackHost } from '../lib/loopback';

export function developmentHostWarning(config: Pick<Config, 'environment' | 'host'>): string | null {
  if (config.environment !== 'development' || isLoopbackHost(config.host)) return null;
  return (
    `HOST=${config.host} lets other machines reach this development server. Development mode is for ` +
    'this machine only: the demo accounts have published passwords, and the development mailbox ' +
    '(/dev/mailbox) answers only requests from this machine. For a server others use, set ' +
    'NODE_ENV=production.'
  );
}
