import { appointmentsCalls, healthProfileCalls } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';
import { useSessionStore } from '../../../lib/session';
import type { WizardFlow } from '../wizard/steps';

/**
 * What happens at the end of the wizard (spec 001 §2, §4): a screening for an encounter marks that
 * encounter's history finished; leaving first-time setup (either pharmacies answer) completes setup,
 * and the stored user learns it, so sign-in no longer sends them to the wizard.
 */
export function useWizardFinish(flow: WizardFlow) {
  const client = useApiClient();
  const store = useSessionStore();
  return {
    onFinished: async (): Promise<void> => {
      if (flow.kind !== 'screening' || flow.encounterId === undefined) return;
      await client.call(appointmentsCalls.setHistoryFinished, {
        body: { encounterId: flow.encounterId, historyFinished: true },
      });
    },
    onLeave: async (): Promise<void> => {
      if (flow.kind !== 'first-time-login') return;
      const user = store.get().user;
      if (!user) return;
      await client.call(healthProfileCalls.completeFirstTimeSetup, { body: {} });
      store.setUser({ ...user, dermisFirstTimeSetupComplete: true });
    },
  };
}
