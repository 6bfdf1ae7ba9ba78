// The resources of frontier-lab live in the generated resource objects of this
// library; this file gives the library a translation unit of its own.
namespace frontier::resources {
int anchor() { return 0; }
} // namespace frontier::resources
