import { useEffect } from 'react';
import type { PracticeBranding } from '@dermis/contract';
import { practiceBranding } from 'virtual:compiled-validators';
import { useApiClient, type HttpClient } from '../api';
import { usePublicResource } from '../api/public-resource';

/** GET /api/practice-branding: the practice's name, phone, colour and logo (public, before sign-in). */
export function fetchPracticeBranding(client: HttpClient): Promise<PracticeBranding> {
  // Checked by the validator compiled from the contract at build time: /login carries no zod (decision 200).
  return client.request(practiceBranding.path, {
    method: practiceBranding.method,
    check: practiceBranding.check,
    auth: 'none',
  });
}

/** Undefined while loading or when the call fails: the shell then shows Dermis's own mark. */
export function usePracticeBranding(): PracticeBranding | undefined {
  return usePublicResource(useApiClient(), 'practice-branding', fetchPracticeBranding);
}

/**
 * Publishes the brand colour as the CSS variable --dermis-brand (the server guarantees 4.5:1
 * against white, so it serves both as text on white and as a background under white text).
 */
export function useBrandColorVariable(branding: PracticeBranding | undefined): void {
  const color = branding?.brandColor ?? null;
  useEffect(() => {
    const root = document.documentElement;
    if (color) root.style.setProperty('--dermis-brand', color);
    else root.style.removeProperty('--dermis-brand');
  }, [color]);
}
