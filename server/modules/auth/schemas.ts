import { z } from 'zod';
import { PERMISSION_GROUPS, type AdminRole, type PermissionGroup } from '../../db/schema';
import { recordStatus, timestamp } from '../../lib/responses';
import { answers } from '../../lib/responses';
import { emailAddress, newPassword } from '../../lib/validation';

/** An admin's role (AdminRole). */
export const adminRole = z.enum(['admin', 'super-admin'] as const satisfies readonly AdminRole[]);

/** The eleven permission switches, every one present (the super-admin's all true). */
export const permissionsDto = z.object(
  Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, z.boolean()])) as Record<
    PermissionGroup,
    z.ZodBoolean
  >,
);

/**
 * An admin as the panel reads it (toAdminDto): no password hash; `address` is '' when none was
 * saved.
 */
export const adminDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: adminRole,
  status: recordStatus,
  address: z.string(),
  permissions: permissionsDto,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const required = (label: string) =>
  z.string({ error: `${label} is required.` }).min(1, `${label} is required.`);

const passwordPair = z
  .object({ password: newPassword('Password'), confirmPassword: required('Confirm password') })
  .refine((b) => b.password === b.confirmPassword, { message: 'Passwords do not match!' });

/** POST admin/login: its body. */
export const loginBody = z.object({ email: emailAddress(), password: required('Password') });

/** POST admin/login: its answer. */
export const loginAnswer = answers(
  z.object({ token: z.string(), role: adminRole, user: adminDto }),
);

/** POST admin/forgot-password: its body. */
export const forgotPasswordBody = z.object({ email: emailAddress() });

/** POST admin/verify-otp: its body. */
export const verifyOtpBody = z.object({
  email: emailAddress(),
  otp: z
    .string({ error: 'OTP is required.' })
    .trim()
    .min(1, 'OTP is required.')
    .regex(/^\d{6}$/, 'The OTP is the 6-digit code from the e-mail.'),
});

/** POST admin/verify-otp: its answer. */
export const verifyOtpAnswer = answers(z.object({ securityToken: z.string(), email: z.string() }));

/** POST admin/reset-password: its body. */
export const resetPasswordBody = z
  .object({ securityToken: required('Security token') })
  .and(passwordPair);

/** POST admin/change-password: its body. */
export const changePasswordBody = z
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
  });

/** POST admin/change-password: its answer. */
export const changePasswordAnswer = answers(z.object({ token: z.string() }));

/** GET admin/get-user-data: its answer. */
export const getUserDataAnswer = answers(z.object({ user: z.array(adminDto) }));
