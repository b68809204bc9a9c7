// The mark beside a name in the comments, the answers and the chat when the car's own seller wrote it.
export function SellerBadge() {
  return (
    <span
      className="ml-1 rounded-full bg-brand-600 px-2 py-0.5 align-middle text-[10px] font-bold uppercase tracking-wide text-white"
      data-testid="seller-badge"
    >
      Seller
    </span>
  );
}
