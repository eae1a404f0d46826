/** Kept apart from ./spinner: the skeleton of the first screen needs it, the spinners load on first use. */
import styled from 'styled-components';

/** Text only screen readers get (a label for an icon, a status update). */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
