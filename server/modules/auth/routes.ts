import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, timingDummyHash, verifyPassword } from '../../lib/passwords';
import { createThrottle } from '../../lib/throttle';
import {
  generateOtp,
  generateSecurityToken,
  hashOtp,
  hashSecurityToken,
  sameHash,
} from '../../lib/tokens';
import { emailAddress, newPassword } from '../../lib/validation';
import { createAuthRepository, toAdminDto } from './repository';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILED_SIGN_INS = 10;
const MAX_OTP_REQUESTS = 5;
const MAX_OTP_ATTEMPTS = 5;
const OTP_TTL_MS = 10 * 60 * 1000;
const SECURITY_TOKEN_TTL_MS = 15 * 60 * 1000;

const INVALID_OTP = 'The OTP is incorrect or has expired. Check the code or request a new one.';

const required = (label: string) =>
  z.string({ error: `${label} is required.` }).min(1, `${label} is required.`);

const passwordPair = z
  .object({ password: newPassword('Password'), confirmPassword: required('Confirm password') })
  .refine((b) => b.password === b.confirmPassword, { message: 'Passwords do not match!' });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuthRepository(app.db);
  const throttle = createThrottle(app.db, WINDOW_MS);
  const pub = { access: 'public' as const };

  async function sessionFor(admin: { id: string; sessionVersion: number }) {
    return app.sessions.sign({ adminId: admin.id, sessionVersion: admin.sessionVersion });
  }

  app.post(
    '/login',
    {
      config: pub,
      schema: { body: z.object({ email: emailAddress(), password: required('Password') }) },
    },
    async (request) => {
      const { email, password } = request.body;
      const keys = [`login:email:${email}`, `login:ip:${request.ip}`];
      const counts = await Promise.all(keys.map((k) => throttle.count(k)));
      if (counts.some((n) => n >= MAX_FAILED_SIGN_INS)) {
        throw tooManyRequests(
          'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
        );
      }
      const admin = await repo.findByEmail(email);
      const ok = await verifyPassword(admin?.passwordHash ?? (await timingDummyHash()), password);
      if (!admin || !ok) {
        await Promise.all(keys.map((k) => throttle.record(k)));
        throw unauthorized('Invalid email or password.');
      }
      if (admin.status !== 'Active') {
        throw forbidden('Your account is inactive. Please contact the super-admin.');
      }
      await throttle.clear(keys[0]!);
      return {
        statusCode: 200,
        message: 'Logged in successfully!',
        result: { token: await sessionFor(admin), role: admin.role, user: toAdminDto(admin) },
      };
    },
  );

  app.post(
    '/forgot-password',
    { config: pub, schema: { body: z.object({ email: emailAddress() }) } },
    async (request) => {
      const { email } = request.body;
      const keys = [`otp:email:${email}`, `otp:ip:${request.ip}`];
      const [byEmail = 0, byIp = 0] = await Promise.all(keys.map((k) => throttle.count(k)));
      if (byEmail >= MAX_OTP_REQUESTS || byIp >= MAX_OTP_REQUESTS * 4) {
        throw tooManyRequests('Too many OTP requests. Please wait 15 minutes and try again.');
      }
      await Promise.all(keys.map((k) => throttle.record(k)));
      const admin = await repo.findByEmail(email);
      // Unknown and inactive e-mails get the same answer: no account discovery.
      if (admin && admin.status === 'Active') {
        const otp = generateOtp();
        const id = uuidv7();
        await repo.createReset({
          id,
          adminId: admin.id,
          otpHash: hashOtp(app.config.jwtSecret, id, otp),
          otpExpiresAt: new Date(Date.now() + OTP_TTL_MS),
        });
        await app.mailer.send({
          to: admin.email,
          subject: 'Your password reset code',
          text:
            `Hello ${admin.name},\n\n` +
            `Your one-time password (OTP) is ${otp}.\n` +
            `It is valid for 10 minutes and can be used once.\n\n` +
            `If you did not ask to reset your password, you can ignore this e-mail.\n`,
        });
      }
      return {
        statusCode: 200,
        message: 'If this e-mail belongs to an admin, an OTP has been sent to it.',
      };
    },
  );

  app.post(
    '/verify-otp',
    {
      config: pub,
      schema: {
        body: z.object({
          email: emailAddress(),
          otp: z
            .string({ error: 'OTP is required.' })
            .trim()
            .min(1, 'OTP is required.')
            .regex(/^\d{6}$/, 'The OTP is the 6-digit code from the e-mail.'),
        }),
      },
    },
    async (request) => {
      const { email, otp } = request.body;
      const ipKey = `otp-verify:ip:${request.ip}`;
      if ((await throttle.count(ipKey)) >= MAX_OTP_ATTEMPTS * 4) {
        throw tooManyRequests('Too many wrong OTPs. Please wait 15 minutes and try again.');
      }
      const admin = await repo.findByEmail(email);
      const reset = admin ? await repo.latestPendingReset(admin.id) : undefined;
      const attempt = reset ? await repo.claimOtpAttempt(reset.id, MAX_OTP_ATTEMPTS) : undefined;
      if (!attempt || !sameHash(attempt.otpHash, hashOtp(app.config.jwtSecret, attempt.id, otp))) {
        await throttle.record(ipKey);
        throw badRequest(INVALID_OTP);
      }
      const securityToken = generateSecurityToken();
      const exchanged = await repo.exchangeOtp(
        attempt.id,
        hashSecurityToken(securityToken),
        new Date(Date.now() + SECURITY_TOKEN_TTL_MS),
      );
      if (!exchanged) throw badRequest(INVALID_OTP);
      return {
        statusCode: 200,
        message: 'OTP verified successfully!',
        result: { securityToken, email },
      };
    },
  );

  app.post(
    '/reset-password',
    {
      config: pub,
      schema: {
        body: z.object({ securityToken: required('Security token') }).and(passwordPair),
      },
    },
    async (request) => {
      const { securityToken, password } = request.body;
      const admin = await repo.resetPassword(
        hashSecurityToken(securityToken),
        await hashPassword(password),
      );
      if (!admin) {
        throw badRequest(
          'This password reset has expired or was already used. Please request a new OTP.',
        );
      }
      return { statusCode: 200, message: 'Password has been updated successfully' };
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: 'signedIn' },
      schema: {
        body: z
          .object({
            oldPassword: required('Old password'),
            newPassword: newPassword('New password'),
            confirmPassword: required('Confirm password'),
          })
          .refine((b) => b.newPassword !== b.oldPassword, {
            message: 'New Password should not be same as old password!',
          })
          .refine((b) => b.newPassword === b.confirmPassword, {
            message: 'Passwords do not match!',
          }),
      },
    },
    async (request) => {
      const admin = await repo.findById(request.admin!.id);
      if (!admin || !(await verifyPassword(admin.passwordHash, request.body.oldPassword))) {
        throw badRequest('The old password is incorrect.');
      }
      const updated = await repo.setPassword(
        admin.id,
        await hashPassword(request.body.newPassword),
      );
      // The old token stops working; this session continues with a new one.
      return {
        statusCode: 200,
        message: 'Password Changed successfully!',
        result: { token: await sessionFor(updated) },
      };
    },
  );

  app.get('/get-user-data', { config: { access: 'signedIn' } }, async (request) => {
    const admin = await repo.findById(request.admin!.id);
    return { statusCode: 200, message: 'Admin details', result: { user: [toAdminDto(admin!)] } };
  });
};

export default authRoutes;
