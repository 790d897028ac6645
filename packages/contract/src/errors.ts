import { z } from 'zod';

/** Every failure answer of every API has this shape. `message` is the English catalog text. */
export const validationMessage = z.object({ field: z.string(), description: z.string() });

export const errorResponse = z.object({
  error: z.string(),
  message: z.string(),
  validationMessages: z.array(validationMessage).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
