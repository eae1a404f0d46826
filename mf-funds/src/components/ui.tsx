/** Small pieces shared by the funds pages: tabs, a card, a banner, a key-value list, a status chip. */
import type { ReactNode } from 'react';
import styled from 'styled-components';

export function Tabs<T extends string | number>({
  value,
  onChange,
  items,
  label,
}: {
  value: T;
  onChange: (v: T) => void;
  items: { value: T; label: string; testId: string }[];
  label: string;
}) {
  return (
    <TabRow role="tablist" aria-label={label}>
      {items.map((it) => (
        <Tab
          key={String(it.value)}
          type="button"
          role="tab"
          aria-selected={it.value === value}
          $active={it.value === value}
          onClick={() => onChange(it.value)}
          data-testid={it.testId}
        >
          {it.label}
        </Tab>
      ))}
    </TabRow>
  );
}

const TabRow = styled.div`
  display: flex;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: 1;
  min-block-size: ${({ theme }) => theme.touch}px;
  border: 0;
  border-block-end: 2px solid ${({ theme, $active }) => ($active ? theme.color.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.color.text : theme.color.textMuted)};
  font-size: 15px;
  font-weight: ${({ $active }) => ($active ? 600 : 400)};
`;

export const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

export function Banner({
  tone,
  children,
  testId,
}: {
  tone: 'ok' | 'wait' | 'bad';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <BannerBox $tone={tone} role={tone === 'bad' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </BannerBox>
  );
}

const BannerBox = styled.div<{ $tone: 'ok' | 'wait' | 'bad' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid
    ${({ theme, $tone }) =>
      $tone === 'ok' ? theme.color.up : $tone === 'bad' ? theme.color.danger : theme.color.warning};
  background: ${({ theme }) => theme.color.surfaceRaised};
  line-height: 1.45;
`;

export const Dl = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
  dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
  }
`;

export const Mono = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  overflow-wrap: anywhere;
  direction: ltr;
  unicode-bidi: isolate;
`;

export const Chip = styled.span<{ $tone: 'ok' | 'wait' | 'bad' | 'off' }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 12px;
  color: ${({ theme, $tone }) =>
    $tone === 'ok'
      ? theme.color.up
      : $tone === 'bad'
        ? theme.color.danger
        : $tone === 'wait'
          ? theme.color.warning
          : theme.color.textMuted};
  border: 1px solid currentColor;
`;

export const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

export const SectionTitle = styled.h2`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: 15px;
  font-weight: 600;
`;

export const LinkButton = styled.button`
  align-self: flex-start;
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font-size: 14px;
`;

/** One row of a records list (deposits, withdrawals). */
export const RecordItem = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  /* The record a notification opened (\`?record=\`): marked by a bar at its start, not by colour alone. */
  &[aria-current='true'] {
    background: ${({ theme }) => theme.color.surfaceRaised};
    box-shadow: inset 4px 0 0 ${({ theme }) => theme.color.primary};
  }
  [dir='rtl'] &[aria-current='true'] {
    box-shadow: inset -4px 0 0 ${({ theme }) => theme.color.primary};
  }
`;

/** The records title, aligned with the page's padding. */
export const RecordsHead = styled.div`
  padding-inline: ${({ theme }) => theme.space(4)};
`;
