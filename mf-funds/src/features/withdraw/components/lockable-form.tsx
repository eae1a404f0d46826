/**
 * The form with its `notice` (a lock's sentence and the way to fix it) above controls that a lock turns off all at
 * once (one disabled fieldset): nothing can be typed or sent into a refusal, while the notice's button still works.
 */
import type { FormHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { Form } from '@meridian/shared/forms';

export function LockableForm({
  locked,
  notice,
  children,
  ...form
}: FormHTMLAttributes<HTMLFormElement> & { locked: boolean; notice: ReactNode }) {
  return (
    <Form {...form}>
      {notice}
      <Fields disabled={locked} data-testid="withdraw-fields">
        {children}
      </Fields>
    </Form>
  );
}

const Fields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-inline-size: 0;
  margin: 0;
  padding: 0;
  border: 0;

  &:disabled {
    opacity: 0.6;
  }
`;
