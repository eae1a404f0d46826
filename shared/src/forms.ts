/**
 * `@meridian/shared/forms`: the form kit of the trader's forms (field, amount, select, buttons, page body, the on/off switch), federated
 * as its own singleton entry like `./lists`: only the screens with a form load it, never the first visit. It takes
 * the number field from `@meridian/shared` by name and holds no module state.
 */
export {
  Field,
  AmountField,
  SelectField,
  Form,
  PageBody,
  PrimaryButton,
  SecondaryButton,
  InlineButton,
  LinksRow,
} from './forms/form-kit';
export { Switch } from './ui/switch';
export type { FieldProps, AmountFieldProps, SelectFieldProps } from './forms/form-kit';
