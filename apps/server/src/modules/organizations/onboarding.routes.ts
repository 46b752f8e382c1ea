import type { FastifyInstance } from 'fastify';
import { invitationRoutes as i, onboardingRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { InvitationService } from './invitations.service';
import type { OnboardingService } from './onboarding.service';

/** A new organisation's first day (issue 24): the checklist, its look-ups and invitations. */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  onboarding: OnboardingService,
  invitations: InvitationService,
) {
  addRoute(app, auth, r.get, (call) => onboarding.read(call));
  addRoute(app, auth, r.setStep, (call) =>
    onboarding.setStep(call, call.params.step ?? '', call.body.state),
  );
  addRoute(app, auth, r.dismiss, (call) => onboarding.dismiss(call, call.body.isDismissed));
  addRoute(app, auth, r.lookUpCompany, ({ query }) => onboarding.lookUpCompany(query.vatId));
  addRoute(app, auth, r.bankOfIban, ({ query }) => onboarding.bankOfIban(query.iban));

  addRoute(app, auth, i.create, (call) => invitations.create(call, call.body));
  addRoute(app, auth, i.list, (call) => invitations.list(call));
  addRoute(app, auth, i.revoke, (call) => invitations.revoke(call, call.params.id ?? ''));
  addRoute(app, auth, i.lookup, ({ params }) => invitations.lookup(params.code ?? ''));
  addRoute(app, auth, i.preview, ({ user, params }) =>
    invitations.preview(user, params.code ?? ''),
  );
  addRoute(app, auth, i.accept, ({ user, params }) => invitations.accept(user, params.code ?? ''));
}
