// Being written (issue 16).
export default function Placeholder() {
  return null;
}
