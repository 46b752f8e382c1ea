import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  onboardingRoutes,
  tableRoutes,
  type Onboarding,
  type OnboardingStep,
  type OnboardingStepState,
  type TableRecord,
} from '@listina/contract';
import { callApi } from '../../api/client';

/** The query of an organisation's first-day checklist (GET /api/organization/onboarding). */
export const onboardingKey = (organizationId: string) => [
  'organization',
  organizationId,
  'onboarding',
];

export function useOnboarding(organizationId: string) {
  return useQuery({
    queryKey: onboardingKey(organizationId),
    queryFn: ({ signal }) => callApi(onboardingRoutes.get, { organizationId, signal }),
  });
}

/** Marks a step (or puts the list away) and shows the server's answer at once. */
export function useOnboardingChange(organizationId: string) {
  const client = useQueryClient();
  const land = (answer: Onboarding) => client.setQueryData(onboardingKey(organizationId), answer);
  const step = useMutation({
    mutationFn: ({ name, state }: { name: OnboardingStep; state: OnboardingStepState }) =>
      callApi(onboardingRoutes.setStep, {
        organizationId,
        params: { step: name },
        body: { state },
      }),
    onSuccess: land,
  });
  const dismiss = useMutation({
    mutationFn: (isDismissed: boolean) =>
      callApi(onboardingRoutes.dismiss, { organizationId, body: { isDismissed } }),
    onSuccess: land,
  });
  return { step, dismiss };
}

/** The organisation's own record (its key is the organisation's id) with its version. */
export function readOrganization(organizationId: string): Promise<TableRecord> {
  return callApi(tableRoutes.read, {
    organizationId,
    params: { name: 'organization', key: organizationId },
  });
}

/** Saves fields of the organisation's record through the table engine (its checks, its undo). */
export async function saveOrganization(organizationId: string, changes: Record<string, unknown>) {
  const current = await readOrganization(organizationId);
  return callApi(tableRoutes.update, {
    organizationId,
    params: { name: 'organization', key: organizationId },
    body: { ...changes, version: current.version },
  });
}
