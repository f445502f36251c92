import type { z } from 'zod';

/** An antd Form rule, typed structurally (as the shared `FormRule`). */
export interface SchemaRule {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * A form field checked by the shared zod schema of the whole request, so the form shows exactly the
 * messages the server would answer with. `values` gives the request as it would be sent.
 */
export function schemaRule(schema: z.ZodType | undefined, field: string, values: () => unknown, required = false): SchemaRule {
  return {
    ...(required ? { required: true } : {}),
    validator: async () => {
      // A contract's schema is optional in its type; every contract with a body has one.
      if (!schema) return;
      const parsed = schema.safeParse(values());
      if (parsed.success) return;
      const issue = parsed.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  };
}
