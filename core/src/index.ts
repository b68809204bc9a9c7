// @app/core: the server's use cases, one folder per domain, each entered through its index.ts (`@app/core/escrow`).
export {};
