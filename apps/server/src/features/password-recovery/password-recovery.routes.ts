/** Public password-recovery calls (spec 000 §7): no sign-in, so no `authenticate` here. */
import {
  accountRoutes as paths,
  forgotPasswordRequest,
  forgotPasswordResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgotPassword, resetPassword } from './password-recovery.service';

export async function passwordRecoveryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/${paths.forgotPassword}`,
    { schema: { body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } } },
    async (request) => forgotPassword(app, request.body.username, request.ip),
  );

  app.post(
    `/${paths.resetPassword}`,
    { schema: { body: resetPasswordRequest, response: { 200: resetPasswordResponse } } },
    async (request) => resetPassword(app, request.body),
  );

  return Promise.resolve();
}
