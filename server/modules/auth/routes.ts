import type { FastifyBaseLogger } from 'fastify';
import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, timingDummyHash, verifyPassword } from '../../lib/passwords';
import { answers } from '../../lib/responses';
import { createThrottle } from '../../lib/throttle';
import {
  generateOtp,
  generateSecurityToken,
  hashOtp,
  hashSecurityToken,
  sameHash,
} from '../../lib/tokens';
import { createAuthRepository, toAdminDto } from './repository';
import {
  changePasswordAnswer,
  changePasswordBody,
  forgotPasswordBody,
  getUserDataAnswer,
  loginAnswer,
  loginBody,
  resetPasswordBody,
  verifyOtpAnswer,
  verifyOtpBody,
} from './schemas';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in limits (docs/security.md): guessing is bounded per client address and per address +
 * e-mail; an account attacked from many addresses is slowed down, never locked, so nobody can
 * keep its owner out.
 */
const MAX_SIGN_IN_TRIES_PER_ADDRESS_AND_EMAIL = 10;
const MAX_SIGN_IN_TRIES_PER_ADDRESS = 30;
const SLOW_DOWN_AFTER = 10;
const MAX_SLOW_DOWN_MS = 4000;
const MAX_OTP_REQUESTS = 5;
const MAX_OTP_ATTEMPTS = 5;
const OTP_TTL_MS = 10 * 60 * 1000;
const SECURITY_TOKEN_TTL_MS = 15 * 60 * 1000;

/** The pause before checking a password for an account with `failures` recent failures. */
export function signInSlowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(MAX_SLOW_DOWN_MS, 250 * 2 ** (failures - SLOW_DOWN_AFTER));
}

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

const INVALID_OTP = 'The OTP is incorrect or has expired. Check the code or request a new one.';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuthRepository(app.db);
  const throttle = createThrottle(app.db, WINDOW_MS);
  const pub = { access: 'public' as const };

  async function sessionFor(admin: { id: string; sessionVersion: number }) {
    return app.sessions.sign({ adminId: admin.id, sessionVersion: admin.sessionVersion });
  }

  /** Starts a recovery for an active admin's e-mail; unknown and inactive ones get nothing. */
  async function sendRecoveryOtp(email: string, log: FastifyBaseLogger) {
    const admin = await repo.findByEmail(email);
    if (!admin || admin.status !== 'Active') return;
    const otp = generateOtp();
    const id = uuidv7();
    await repo.createReset({
      id,
      adminId: admin.id,
      otpHash: hashOtp(app.config.jwtSecret, id, otp),
      otpExpiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
    await app.mailer.send(
      {
        to: admin.email,
        subject: 'Your password reset code',
        text:
          `Hello ${admin.name},\n\n` +
          `Your one-time password (OTP) is ${otp}.\n` +
          `It is valid for 10 minutes and can be used once.\n\n` +
          `If you did not ask to reset your password, you can ignore this e-mail.\n`,
      },
      log,
    );
  }

  app.post(
    '/login',
    {
      config: pub,
      schema: {
        body: loginBody,
        response: loginAnswer,
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const accountKey = `login:email:${email}`;
      const pairKey = `login:ip-email:${request.ip}:${email}`;
      // The try is claimed before the password is checked, so parallel guesses count each.
      const claim = await throttle.claim([
        { key: `login:ip:${request.ip}`, max: MAX_SIGN_IN_TRIES_PER_ADDRESS },
        { key: pairKey, max: MAX_SIGN_IN_TRIES_PER_ADDRESS_AND_EMAIL },
      ]);
      if (!claim) throw tooManyRequests(TOO_MANY_SIGN_INS);
      const pause = signInSlowDownMs(await throttle.count(accountKey));
      if (pause) {
        request.log.warn({ email, pause }, 'sign-in slowed down: many failures for this account');
        await setTimeout(pause);
      }
      const admin = await repo.findByEmail(email);
      const matches = await verifyPassword(
        admin?.passwordHash ?? (await timingDummyHash()),
        password,
      );
      if (!admin || !matches) {
        await throttle.record(accountKey);
        throw unauthorized('Invalid email or password.');
      }
      // The right password: this try was no guess, and this address's earlier typos are forgiven.
      await throttle.release(claim);
      await throttle.clear(pairKey);
      if (admin.status !== 'Active') {
        throw forbidden('Your account is inactive. Please contact the super-admin.');
      }
      return ok('Logged in successfully!', {
        token: await sessionFor(admin),
        role: admin.role,
        user: toAdminDto(admin),
      });
    },
  );

  app.post(
    '/forgot-password',
    { config: pub, schema: { body: forgotPasswordBody, response: answers() } },
    async (request) => {
      const { email } = request.body;
      const claim = await throttle.claim([
        { key: `otp:email:${email}`, max: MAX_OTP_REQUESTS },
        { key: `otp:ip:${request.ip}`, max: MAX_OTP_REQUESTS * 4 },
      ]);
      if (!claim) {
        throw tooManyRequests('Too many OTP requests. Please wait 15 minutes and try again.');
      }
      // The account is looked up and the mail sent after the answer, so the answer takes as
      // long for an unknown e-mail as for an admin's (no account discovery by timing).
      app.background.run(
        'password recovery mail',
        () => sendRecoveryOtp(email, request.log),
        request.log,
      );
      return ok('If this e-mail belongs to an admin, an OTP has been sent to it.');
    },
  );

  app.post(
    '/verify-otp',
    {
      config: pub,
      schema: {
        body: verifyOtpBody,
        response: verifyOtpAnswer,
      },
    },
    async (request) => {
      const { email, otp } = request.body;
      const claim = await throttle.claim([
        { key: `otp-verify:ip:${request.ip}`, max: MAX_OTP_ATTEMPTS * 4 },
      ]);
      if (!claim) {
        throw tooManyRequests('Too many wrong OTPs. Please wait 15 minutes and try again.');
      }
      const attempt = await repo.claimOtpAttemptFor(email, MAX_OTP_ATTEMPTS);
      if (!attempt || !sameHash(attempt.otpHash, hashOtp(app.config.jwtSecret, attempt.id, otp))) {
        throw badRequest(INVALID_OTP);
      }
      await throttle.release(claim);
      const securityToken = generateSecurityToken();
      const exchanged = await repo.exchangeOtp(
        attempt.id,
        hashSecurityToken(securityToken),
        new Date(Date.now() + SECURITY_TOKEN_TTL_MS),
      );
      if (!exchanged) throw badRequest(INVALID_OTP);
      return ok('OTP verified successfully!', { securityToken, email });
    },
  );

  app.post(
    '/reset-password',
    {
      config: pub,
      schema: {
        body: resetPasswordBody,
        response: answers(),
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
      return ok('Password has been updated successfully');
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: 'signedIn' },
      schema: {
        body: changePasswordBody,
        response: changePasswordAnswer,
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
      return ok('Password Changed successfully!', { token: await sessionFor(updated) });
    },
  );

  // Additive: ends this session on the server, so the token stops working at once.
  app.post(
    '/logout',
    { config: { access: 'signedIn' }, schema: { response: answers() } },
    async (request) => {
      await repo.revokeSession(request.session!.tokenId, request.session!.expiresAt);
      return ok('Logged out successfully!');
    },
  );

  app.get(
    '/get-user-data',
    {
      config: { access: 'signedIn' },
      schema: { response: getUserDataAnswer },
    },
    async (request) => {
      const admin = await repo.findById(request.admin!.id);
      return ok('Admin details', { user: [toAdminDto(admin!)] });
    },
  );
};

export default authRoutes;
